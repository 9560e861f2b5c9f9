import path from 'node:path';

/**
 * Whether `file` is `folder` or lies inside it (both absolute), compared by path segments: a
 * sibling sharing a prefix (`docs_internal` beside `docs`) is not inside `docs`.
 */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  if (relative === '') return true;
  return !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..';
}
