// Types for report-bundle.mjs, which the bundle-budget journey imports.
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const BUDGET: { js: number; css: number };
export function readManifest(distDir?: string): Manifest;
export function gzipSize(distDir: string, file: string): number;
export function adminFiles(manifest: Manifest): Set<string>;
export function firstLoad(distDir?: string): {
  js: Array<{ key: string; file: string; src: string; gzip: number }>;
  css: Array<{ file: string; gzip: number }>;
  jsTotal: number;
  cssTotal: number;
  adminChunks: Array<{ key: string; file: string; src: string; gzip: number }>;
};
