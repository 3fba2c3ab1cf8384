import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * Files known to run longest, by the start of their path: on a fresh clone (no results cached yet)
 * Vitest runs larger files first, and the screen matrix's four files are the smallest (their tests
 * live in tests/e2e/support/screens.ts), so they would start last and run on alone at the end.
 */
const LONGEST = ['tests/e2e/screens-', 'tests/e2e/layout-shift', 'tests/e2e/quiz', 'tests/e2e/learning'];

/**
 * Vitest's order (the longest of the last run first, when it is known), with the known-longest files
 * first when it is not. Vitest's own sequencer is loaded when the tests are sorted, not with the
 * config, which `vite build` reads too.
 */
export default class LongestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  private async base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.base()).sort(files);
    const rank = (file: TestSpecification) => {
      const path = file.moduleId.slice(file.project.config.root.length + 1);
      const known = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
      const index = LONGEST.findIndex((start) => path.startsWith(start));
      return known || index === -1 ? LONGEST.length : index;
    };
    // Each project's files in turn, as Vitest runs them; Array.prototype.sort is stable: the rest
    // keep Vitest's order.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((file) => file.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}
