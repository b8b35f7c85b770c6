/** Types for architecture-rules.mjs, so TypeScript tests can import the plain-JS rules. */
import type { SourceFile } from 'typescript';

export interface Finding {
  readonly path: string;
  readonly line: number;
  readonly severity: 'error' | 'warning';
  readonly rule: 'boundaries' | 'web-layers' | 'host-globals' | 'file-size';
  readonly message: string;
}

export const WARN_LINES: number;
export const MAX_LINES: number;
export const FILE_SIZE_ALLOWLIST: ReadonlyMap<string, string>;

export function areaOf(file: string): string;
export function isTestFile(file: string): boolean;
export function isCheckedSource(file: string): boolean;
export function parseSource(file: string, text: string): SourceFile;
export function findImports(file: string, text: string, sourceFile?: SourceFile): { specifier: string; line: number }[];
export function checkImports(file: string, text: string, sourceFile?: SourceFile): Finding[];
export function checkWebLayers(file: string, text: string, sourceFile?: SourceFile, allowlist?: ReadonlyMap<string, string>): Finding[];
export function checkTableOwners(file: string, text: string, sourceFile?: SourceFile): Finding[];
export function checkHostGlobals(file: string, text: string, sourceFile?: SourceFile): Finding[];
export function lineCount(text: string): number;
export function checkFileSize(file: string, text: string, allowlist?: ReadonlyMap<string, string>): Finding[];
export function checkFile(file: string, text: string): Finding[];
