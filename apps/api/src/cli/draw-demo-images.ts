/**
 * Draws the demo catalog's pictures into assets/parts/, one per part, and removes any picture
 * there that no demo part names. Run after changing a demo part: npm run demo-images
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoImageSvg } from '../db/demo-images/index.js';
import { seedParts } from '../db/seed-data.js';
import { assetsDir } from '../lib/paths.js';

const dir = path.join(assetsDir, 'parts');
const named = new Set(seedParts.map((part) => part.image));
for (const part of seedParts) writeFileSync(path.join(dir, part.image), demoImageSvg(part));
const stale = readdirSync(dir).filter((file) => file.endsWith('.svg') && !named.has(file));
for (const file of stale) rmSync(path.join(dir, file));
process.stdout.write(`Drew ${named.size} pictures into ${dir}; removed ${stale.length}.\n`);
