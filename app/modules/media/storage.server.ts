import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where pictures live. Local disk by default; S3-compatible object storage arrives with the admin issue. */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe media key: ${key}`);
}

/** Files under `root`, served by the HTTP server at /media. */
export function localDiskStorage(root: string, urlPrefix = "/media"): MediaStorage {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      checkKey(key);
      return `${urlPrefix}/${key}`;
    },
  };
}
