import { Type, type Static } from 'typebox';
import { StoreIdList } from './item-requests';

/**
 * `GET /api/items/byEan/{ean}?storeIds=`: the product a scanned barcode names. The payload is declared once here
 * (TypeBox); its type is `Static<typeof …>` and the gateway's route schema is composed from `Ean`.
 */

/** An EAN-8 or EAN-13 code: 8 or 13 digits (the GS1 check digit is checked beside the schema, with its own message). */
export const EAN_PATTERN = '^(?:[0-9]{8}|[0-9]{13})$';

export const Ean = Type.String({
  pattern: EAN_PATTERN,
  title: 'ean',
  'x-expected': 'an EAN-8 or EAN-13 code (8 or 13 digits)',
  description: 'EAN-8 or EAN-13 barcode digits with a right GS1 check digit',
  examples: ['6408430000036'],
});

export const GetItemByEanRequest = Type.Object(
  {
    ean: Ean,
    /** The stores to price it in, as `GET /api/items/{id}`. */
    storeIds: StoreIdList,
  },
  { additionalProperties: false },
);
export type GetItemByEanRequest = Static<typeof GetItemByEanRequest>;
