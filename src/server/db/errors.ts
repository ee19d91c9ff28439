/** A unique constraint refused the write (PostgreSQL error 23505, the same on PGlite). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';
