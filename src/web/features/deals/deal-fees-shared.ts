import { ApiError } from '../../lib/api';

export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 500 && err.message ? err.message : fallback;
