import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes on their own (a store process started, killed and started again; a
 * database filled with 50,001 parts), whatever their size in bytes. Vitest orders the files by
 * project name, then by the durations of an earlier run, which CI never has (a fresh checkout),
 * so it falls back to size: the process tests came last and ran as a tail of their own while the
 * other workers had nothing left. Started first, the short files fill the workers around them.
 */
const heavy = (spec: TestSpecification) =>
  spec.project.name === 'api:process' || spec.moduleId.endsWith('/test/pages/sitemap-scale.test.ts');

export class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(heavy), ...sorted.filter((spec) => !heavy(spec))];
  }
}
