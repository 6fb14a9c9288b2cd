import { ErrorCodes, isParlorError, ParlorError } from './errors.ts';

/** Why a write failed, in words, for the errors a user can fix: permissions, read-only or full disks. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  ENOTDIR: 'part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  ENOENT: 'no such folder',
  ENAMETOOLONG: 'name too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
};

/** Codes after which a run can go on once the user has made room: its checkpoint says where it stopped. */
const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** A results file or folder that could not be written: one line naming the path and the reason. */
export class WriteFailure extends ParlorError {
  /** The file system's error code (ENOSPC, EROFS...), when the system gave one. */
  readonly errno: string | null;
  private readonly path: string;
  private readonly why: string;

  constructor(path: string, why: string, errno: string | null, advice?: string) {
    super(ErrorCodes.CANNOT_WRITE, `cannot write ${path}: ${why}${errno ? ` (${errno})` : ''}${advice ? `; ${advice}` : ''}`);
    this.path = path;
    this.why = why;
    this.errno = errno;
  }

  /** The same failure, with what the user can do about it. */
  withAdvice(advice: string): WriteFailure {
    return new WriteFailure(this.path, this.why, this.errno, advice);
  }

  get outOfSpace(): boolean {
    return this.errno !== null && OUT_OF_SPACE.has(this.errno);
  }
}

/** A file system error on writing `path` as a WriteFailure; anything else, a bug, passes unchanged. */
export function writeFailure(path: string, error: unknown): unknown {
  if (isParlorError(error)) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return error;
  return new WriteFailure(path, REASONS[code] ?? (error as Error).message, code);
}
