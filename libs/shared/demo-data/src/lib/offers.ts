import type { PriceModel } from './prices';
import { Rng, hashString } from './prng';
import type { DemoItem, DemoOffer, DemoStore } from './types';

const MAX_OFFERS = 8;

/** 0–8 offers per store (about one store in five has none), preferring items on campaign there. */
export function generateOffers(seed: number, stores: readonly DemoStore[], items: readonly DemoItem[], model: PriceModel): DemoOffer[] {
  const offers: DemoOffer[] = [];
  stores.forEach((store, storeIndex) => {
    const rng = new Rng(hashString(`offers:${seed}:${store.id}`));
    const count = rng.chance(0.2) ? 0 : rng.int(1, MAX_OFFERS);
    const chosen: number[] = [];
    const tryPick = (needCampaign: boolean, attempts: number) => {
      for (let a = 0; a < attempts && chosen.length < count; a++) {
        const index = rng.int(0, items.length - 1);
        if (chosen.includes(index) || !model.storeSells(storeIndex, index)) continue;
        if (needCampaign && !model.isCampaign(storeIndex, index)) continue;
        chosen.push(index);
      }
    };
    tryPick(true, 400);
    tryPick(false, 400);
    for (const index of chosen) {
      const item = items[index];
      offers.push({ id: offers.length + 1, storeId: store.id, itemId: item.id, name: item.name, image: item.pictureUrl });
    }
  });
  return offers;
}
