/**
 * The build's side of the precache policy (./precachePolicy.ts): reads the chunk graph Rolldown
 * made, decides which files are loaded on demand, fails the build on a declared module that
 * matches nothing or a precached chunk that statically needs an on-demand one, and hands the
 * decision to vite-plugin-pwa's manifest (`leaveOutOnDemand`), which is made once the bundle is
 * written (closeBundle). It also writes `precache-report.json` into the build folder (not precached) for
 * `npm run size` to print and check.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { decidePrecache, onDemandPages } from './precachePolicy';
import type { BuiltAsset, BuiltChunk } from './precachePolicy';

export const PRECACHE_REPORT = 'precache-report.json';

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

export function precachePolicy(outDir: string): {
  plugin: Plugin;
  leaveOutOnDemand: (entries: ManifestEntry[]) => Promise<{ manifest: ManifestEntry[]; warnings: string[] }>;
} {
  let onDemand: Map<string, string> | null = null;
  const plugin: Plugin = {
    name: 'pneuma-precache-policy',
    apply: 'build',
    enforce: 'post',
    // Once the bundle is complete: the camera's worker bundles are emitted late (vite:worker).
    writeBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      const assets: BuiltAsset[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk') {
          chunks.push({ fileName: out.fileName, isEntry: out.isEntry, imports: out.imports, dynamicImports: out.dynamicImports, moduleIds: out.moduleIds, code: out.code });
        } else {
          const text = /\.m?js$/.test(out.fileName) && typeof out.source === 'string' ? out.source : /\.m?js$/.test(out.fileName) ? Buffer.from(out.source).toString('utf8') : '';
          assets.push({ fileName: out.fileName, text });
        }
      }
      const decision = decidePrecache(chunks, assets);
      if (decision.errors.length) {
        const why = `Precache policy (scripts/precache/precachePolicy.ts):\n- ${decision.errors.join('\n- ')}`;
        // Printed too: a later plugin's failure on the unfinished build can hide this one's error.
        console.error(why);
        this.error(why);
      }
      onDemand = new Map([...decision.onDemand, ...onDemandPages()]);
      const report = { onDemand: Object.fromEntries([...onDemand].sort(([a], [b]) => a.localeCompare(b, 'en'))) };
      writeFileSync(join(outDir, PRECACHE_REPORT), JSON.stringify(report, null, 2) + '\n');
    },
  };
  return {
    plugin,
    async leaveOutOnDemand(entries) {
      if (!onDemand) throw new Error('The precache policy has not seen the bundle (is pneuma-precache-policy among the plugins?)');
      const decided = onDemand;
      // A declared screen's page the build did not make (a renamed or removed route) stops it.
      const missing = [...onDemandPages().keys()].filter((file) => !entries.some((e) => e.url === file));
      if (missing.length) throw new Error(`Precache policy (scripts/precache/precachePolicy.ts): no prerendered page ${missing.join(', ')} for the declared on-demand screens`);
      return { manifest: entries.filter((e) => !decided.has(e.url)), warnings: [] };
    },
  };
}
