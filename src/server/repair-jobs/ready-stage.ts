// The one rule for which stage is "ready for collection": the board's and tracker's "Paid, ready to collect"
// and the stage mail that carries the invoice both ask here.

/**
 * The ready-for-collection stage: the one just before Collected in the shop's order (Collected is
 * always last; the shop names its stages, so the place decides, not the name). Null: no such stage.
 */
export function readyForCollectionStageId(stages: readonly { id: number; is_collected: boolean }[]): number | null {
  const collected = stages.findIndex((s) => s.is_collected);
  return collected > 0 ? stages[collected - 1]!.id : null;
}
