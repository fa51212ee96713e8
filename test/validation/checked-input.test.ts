// Every procedure validates through checkedInput (trpc.ts): a bare `.input(schema)` would skip the
// character check and the input checks that join zod's 422. The walk below fails on such a
// procedure, and the planted router proves the walk can tell one from the other.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '#server/router.ts';
import { adminProcedure, checkedInput, publicProcedure, router, takesCheckedInput } from '#server/trpc.ts';

function proceduresOf(walked: { _def: { procedures: object } }): [string, AnyProcedure][] {
  return Object.entries(walked._def.procedures as Record<string, AnyProcedure>);
}

describe('checkedInput', () => {
  it('is the input step of every procedure of the app', () => {
    const bare = proceduresOf(appRouter)
      .filter(([, procedure]) => !takesCheckedInput(procedure))
      .map(([path]) => path);
    expect(bare).toEqual([]);
  });

  it('a procedure with a bare .input() is found; one through checkedInput or with no input is not', () => {
    const schema = z.object({ id: z.number() });
    const planted = router({
      bare: adminProcedure.input(schema).query(() => 'x'),
      bareAfterChecked: publicProcedure
        .concat(checkedInput(z.object({ name: z.string() })))
        .input(z.object({ other: z.string() }))
        .query(() => 'x'),
      checked: adminProcedure.concat(checkedInput(schema)).query(() => 'x'),
      none: publicProcedure.query(() => 'x'),
    });
    const bare = proceduresOf(planted)
      .filter(([, procedure]) => !takesCheckedInput(procedure))
      .map(([path]) => path);
    expect(bare).toEqual(['bare', 'bareAfterChecked']);
  });
});
