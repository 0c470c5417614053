import { ChainEntity } from './chain.entity';
import { OfferEntity } from './offer.entity';
import { OpeningExceptionEntity } from './opening-exception.entity';
import { OpeningHoursEntity } from './opening-hours.entity';
import { StoreEntity } from './store.entity';

export { ChainEntity, OfferEntity, OpeningExceptionEntity, OpeningHoursEntity, StoreEntity };

export const STORES_ENTITIES = [ChainEntity, StoreEntity, OpeningHoursEntity, OpeningExceptionEntity, OfferEntity];
