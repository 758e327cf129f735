import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from './error-messages.ts';
import { BAN_MESSAGES, MATCH_TEXTS } from './protocol-texts.ts';
import { ERROR_CODE_LIST, RECONNECT_REFUSAL_CODES } from './wire-codes.ts';

/**
 * Every code and fixed text of the game channel is written once, in src/common (wire-codes.ts,
 * protocol-texts.ts), and both sides use the constant. How it checks: it reads every product source file of
 * src/server and src/client (tests and their helpers left out: a test states a SPEC text to check it),
 * drops comments, takes each string literal ('…', "…", and `…` without a placeholder) and fails, naming
 * file:line, on one equal to a wire code or a wire text. A second check takes every sentence-like literal
 * (two words or more) of the server's product code and of the client's, and fails on one written on both
 * sides: a text the two must agree on belongs in src/common.
 */

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isTestCode = (f: string) =>
  /\.test\.tsx?$|-test-(kit|harness)\.ts$|-bed\.ts$/.test(f) || f.includes('test-support/');
const SERVER = sourceFiles('src/server').filter((f) => !isTestCode(f));
const CLIENT = sourceFiles('src/client').filter((f) => !isTestCode(f));

/** The code without its comments (block comments, then line comments), lines kept where they were. */
const code = (file: string) =>
  readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g;

interface Literal {
  where: string;
  text: string;
}

function literalsOf(file: string): Literal[] {
  return code(file)
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(LITERAL)].map((m) => ({
        where: `${file}:${i + 1}`,
        text: (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'),
      })),
    );
}

const WIRE_CODES = new Set<string>([...ERROR_CODE_LIST, ...Object.values(RECONNECT_REFUSAL_CODES)]);
const WIRE_TEXTS = new Set<string>(
  [ERROR_MESSAGES, MATCH_TEXTS, BAN_MESSAGES].flatMap((texts) => Object.values(texts)),
);
/** An import path is a literal too; it is not a text of the wire. */
const isImport = (line: string) => /^\s*(import|export)\b.*\bfrom\s/.test(line) || /^\s*} from\s/.test(line);

function wireLiterals(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const lines = code(file).split('\n');
    return literalsOf(file)
      .filter((l) => WIRE_CODES.has(l.text) || WIRE_TEXTS.has(l.text))
      .filter((l) => !isImport(lines[Number(l.where.split(':').at(-1)) - 1] ?? ''))
      .map((l) => `${l.where}: '${l.text}'`);
  });
}

/** Two words or more, starting with a capital: a sentence someone reads, not a key, a path or a class list. */
const SENTENCE = /^[A-Z][^<>{}=]*\s\S+/;
/**
 * Sentences that are the same words on both sides by chance, not one text of the wire: neither side reads the
 * other's. 'Signed out': the server's close reason of a signed-out socket; the admin page's own error name.
 */
const SAME_BY_CHANCE: ReadonlySet<string> = new Set(['Signed out']);

describe('the wire’s codes and texts are written once, in src/common', () => {
  it('the lists are not empty and hold no duplicate', () => {
    expect(WIRE_CODES.size).toBe(ERROR_CODE_LIST.length + Object.values(RECONNECT_REFUSAL_CODES).length);
    expect(WIRE_TEXTS.size).toBeGreaterThan(40);
  });

  it('no server or client product file writes a wire code or a wire text as a literal', () => {
    expect(wireLiterals([...SERVER, ...CLIENT])).toEqual([]);
  });

  it('no sentence is written both in the server’s code and in the client’s', () => {
    const sentences = (files: readonly string[]) => {
      const found = new Map<string, string>();
      for (const file of files) {
        for (const l of literalsOf(file))
          if (SENTENCE.test(l.text) && !found.has(l.text)) found.set(l.text, l.where);
      }
      return found;
    };
    const server = sentences(SERVER);
    const both = [...sentences(CLIENT)].flatMap(([text, where]) =>
      server.has(text) && !SAME_BY_CHANCE.has(text) ? [`${where} and ${server.get(text)}: '${text}'`] : [],
    );
    expect(both).toEqual([]);
  });
});
