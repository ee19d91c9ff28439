/**
 * STORAGE_URL: where stored files live (decision record 043).
 *
 *   unset or empty                 the disk store in DATA_DIR/storage (the default)
 *   s3://BUCKET[/PREFIX][?endpoint=URL&region=R&sse=AES256|aws:kms&kmsKeyId=ID&pathStyle=true|false]
 *
 * Credentials are never part of the URL: the AWS SDK reads AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN, AWS_PROFILE, instance roles) itself.
 */
export type StorageSetting =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Object keys start with `${prefix}/` ('' for the bucket's root). */
      prefix: string;
      /** An S3-compatible service (MinIO, R2, Ceph); unset: AWS S3 itself. */
      endpoint: string | undefined;
      region: string;
      /** Path-style addressing (endpoint/bucket/key); the default with a custom endpoint. */
      forcePathStyle: boolean;
      /** Server-side encryption asked for on every object written. */
      sse: { algorithm: 'AES256' } | { algorithm: 'aws:kms'; kmsKeyId: string | undefined } | undefined;
    };

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Parses STORAGE_URL; throws an Error naming what is wrong (the caller adds the variable's name). */
export function parseStorageUrl(value: string | undefined, env: NodeJS.ProcessEnv = process.env): StorageSetting {
  if (!value) return { kind: 'disk' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`is not a URL such as s3://bucket/prefix?region=eu-west-1, got '${value}'`);
  }
  if (url.protocol !== 's3:') throw new Error(`must start with s3:// (unset it for the disk store), got '${url.protocol}//'`);
  if (url.username || url.password) throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  const bucket = url.hostname;
  // S3's bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`names no valid bucket (3-63 lower-case letters, digits, '.', '-'), got '${bucket}'`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..'))
    throw new Error(`has a prefix with characters other than letters, digits, '.', '_', '-' and '/', got '${prefix}'`);
  const known = new Set(['endpoint', 'region', 'sse', 'kmsKeyId', 'pathStyle']);
  for (const k of url.searchParams.keys())
    if (!known.has(k)) throw new Error(`has an unknown parameter '${k}' (known: ${[...known].join(', ')})`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint) {
    let e: URL;
    try {
      e = new URL(endpoint);
    } catch {
      throw new Error(`has an endpoint that is not a URL, got '${endpoint}'`);
    }
    if (e.protocol !== 'https:' && e.protocol !== 'http:') throw new Error(`has an endpoint that is not http(s), got '${endpoint}'`);
    if (e.username || e.password)
      throw new Error('must not hold credentials in its endpoint: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  }
  const region = url.searchParams.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  const pathStyle = url.searchParams.get('pathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`pathStyle must be true or false, got '${pathStyle}'`);
  const sseName = url.searchParams.get('sse');
  const kmsKeyId = url.searchParams.get('kmsKeyId') || undefined;
  let sse: Extract<StorageSetting, { kind: 's3' }>['sse'];
  if (sseName === 'AES256') sse = { algorithm: 'AES256' };
  else if (sseName === 'aws:kms') sse = { algorithm: 'aws:kms', kmsKeyId };
  else if (sseName) throw new Error(`sse must be AES256 or aws:kms, got '${sseName}'`);
  if (kmsKeyId && sse?.algorithm !== 'aws:kms') throw new Error('kmsKeyId needs sse=aws:kms');
  return { kind: 's3', bucket, prefix, endpoint, region, forcePathStyle: pathStyle ? pathStyle === 'true' : endpoint !== undefined, sse };
}
