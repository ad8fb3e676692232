import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.ts';
import { fixtureMissing } from './fixture-error.ts';
import type { MirrorManifest } from './build-mirror.ts';

const root = packageRoot();
export const MIRROR_STATE = join(root, 'fixtures', 'mirror', 'state.json');
export const MIRROR_MANIFEST = join(root, 'fixtures', 'mirror', 'manifest.json');

export function loadMirrorManifest(): MirrorManifest {
  if (!existsSync(MIRROR_STATE) || !existsSync(MIRROR_MANIFEST)) {
    throw fixtureMissing(`the BSC mirror is missing (${MIRROR_STATE}): run npm run build:fixtures`);
  }
  return JSON.parse(readFileSync(MIRROR_MANIFEST, 'utf8')) as MirrorManifest;
}

export const BASE_STATE = join(root, 'fixtures', 'mirror', 'base-state.json');
export const BASE_MANIFEST = join(root, 'fixtures', 'mirror', 'base-manifest.json');

export function loadBaseManifest(): MirrorManifest {
  if (!existsSync(BASE_STATE) || !existsSync(BASE_MANIFEST)) {
    throw fixtureMissing(`the Base mirror is missing (${BASE_STATE}): run npm run build:fixtures -- --chain base`);
  }
  return JSON.parse(readFileSync(BASE_MANIFEST, 'utf8')) as MirrorManifest;
}
