/** `memory://`: a throwaway in-memory database, with fresh secrets, instead of a folder on disk. */
export function isMemoryDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}
