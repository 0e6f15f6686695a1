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

export interface SizedFile {
  file: string;
  gzip: number;
}

export const BUDGET: { js: number; css: number; arabicJs: number };
export const ARABIC_DICTIONARY_MODULE: string;
export const HOME_LAZY_MODULES: string[];
export function readManifest(distDir?: string): Manifest;
export function gzipSize(distDir: string, file: string): number;
export function adminFiles(manifest: Manifest): Set<string>;
export interface FirstLoad {
  js: SizedFile[];
  css: SizedFile[];
  jsTotal: number;
  cssTotal: number;
  adminChunks: SizedFile[];
}
export function homeFirstLoad(distDir?: string): FirstLoad;
export function arabicHomeFirstLoad(distDir?: string): FirstLoad;
export function kb(bytes: number): string;
