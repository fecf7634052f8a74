export function precompressDir(dir: string): Promise<string[]>;
