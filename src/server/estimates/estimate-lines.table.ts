import type { Generated } from 'kysely';
import type { EstimateLineKind } from '#shared/value-sets.ts';

/** A line of an estimate version, money in pence ex VAT (estimates/estimate-lines.repository.ts). */
export interface EstimateLinesTable {
  id: Generated<number>;
  version_id: number;
  position: number;
  kind: EstimateLineKind;
  description: string;
  /** Labour: hours in hundredths (150 is 1.5 hours); else a count. */
  quantity: number;
  /** Labour: the rate per hour. */
  unit_price_pence: number;
  /** Basis points: 2000 is 20 %. */
  vat_rate_bp: number;
}
