import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileInside } from './file-inside';

// <base>/dist is the root; <base>/secret.txt and <base>/dist-secret/key.txt sit beside it and must stay out of reach.
let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'nivaas-file-inside-'));
  root = path.join(base, 'dist');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(root, 'assets/app-abc123.js'), '');
  writeFileSync(path.join(base, 'secret.txt'), 'do not serve');
  mkdirSync(path.join(base, 'dist-secret'));
  writeFileSync(path.join(base, 'dist-secret/key.txt'), 'do not serve');
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('fileInside', () => {
  it('names a file inside the root by its path relative to the root', () => {
    expect(fileInside(root, 'index.html')).toBe('index.html');
    expect(fileInside(root, 'assets/app-abc123.js')).toBe('assets/app-abc123.js');
    expect(fileInside(root, './assets//app-abc123.js')).toBe('assets/app-abc123.js');
    expect(fileInside(root, 'assets/../index.html')).toBe('index.html');
  });

  it('names nothing for the root itself, a folder or a missing file', () => {
    for (const urlPath of ['', '.', '/', './', 'assets', 'assets/', 'missing.txt', 'assets/gone-000000.js']) {
      expect(fileInside(root, urlPath), urlPath).toBeUndefined();
    }
  });

  it('never climbs out of the root with ..', () => {
    for (const urlPath of ['../secret.txt', '../../secret.txt', 'assets/../../secret.txt', '..', '../dist-secret/key.txt', 'assets/../../dist-secret/key.txt']) {
      expect(fileInside(root, urlPath), urlPath).toBeUndefined();
    }
    // A climb that lands back inside the root is that file, not the one outside.
    writeFileSync(path.join(root, 'secret.txt'), 'inside');
    try {
      expect(fileInside(root, '../../secret.txt')).toBe('secret.txt');
    } finally {
      rmSync(path.join(root, 'secret.txt'));
    }
  });

  it('treats encoded dots and slashes as literal names, not as a way up', () => {
    for (const urlPath of ['%2e%2e/secret.txt', '%2e%2e%2fsecret.txt', '..%2fsecret.txt', '%2E%2E/%2E%2E/secret.txt', '..%5csecret.txt', '..\\secret.txt']) {
      expect(fileInside(root, urlPath), urlPath).toBeUndefined();
    }
  });

  it('reads an absolute path as one inside the root', () => {
    expect(fileInside(root, path.join(base, 'secret.txt'))).toBeUndefined();
    expect(fileInside(root, '/etc/passwd')).toBeUndefined();
    expect(fileInside(root, '//etc/passwd')).toBeUndefined();
    expect(fileInside(root, '/index.html')).toBe('index.html');
    expect(fileInside(root, path.join(root, 'index.html'))).toBeUndefined();
  });

  it('answers a path with a NUL byte with nothing rather than throwing', () => {
    expect(fileInside(root, 'index.html\0')).toBeUndefined();
    expect(fileInside(root, '\0../secret.txt')).toBeUndefined();
  });
});
