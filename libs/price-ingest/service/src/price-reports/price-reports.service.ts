import {
  IngestTopics,
  PRICE_REPORT_LIMITS,
  priceReportProblem,
  SHOPPERS_SOURCE,
  type PriceObservedEvent,
  type SubmitPriceReportRequest,
  type SubmitPriceReportResult,
} from '@hintakori/price-ingest-contracts';
import { gtinCheckDigit } from '@hintakori/shared-util';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IngestPublisher } from '../publishing/ingest-publisher';
import { RegistryRepository, type SourceItem } from '../registry/registry.repository';
import { PriceReportsRepository, type StoredReport } from './price-reports.repository';

/**
 * The source `shoppers`: a shopper's report of the price a shop's page shows, weighed and published like a feed's
 * price (`prices.observed`, through the same IngestPublisher, so catalog's store prices, comparisons' matrix and
 * alerts take it as they take any source's). The rules, in order:
 * 1. the report's own fields (priceReportProblem) and its store (price-ingest's store registry): else 400;
 * 2. a product no source has listed: nothing kept (a report never creates a product);
 * 3. the same report of the same client within 10 minutes: counted once;
 * 4. the store priced by a chain's source (any source but shoppers) after seenAt, or a shopper's newer report already
 *    published: the report is older than what is shown, kept only as history (`superseded`, never published);
 * 5. more than 50 % away from the store's known price (the newer of the chain's last published and the last shopper's
 *    published): kept `pending` until a report of another client within 5 % of it arrives, which is then published;
 * 6. otherwise published, with observedAt = seenAt.
 */
@Injectable()
export class PriceReportsService {
  private readonly logger = new Logger(PriceReportsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: RegistryRepository,
    private readonly publisher: IngestPublisher,
  ) {}

  async submit(request: SubmitPriceReportRequest, now = Date.now()): Promise<SubmitPriceReportResult> {
    const { client, ...report } = request;
    const problem = priceReportProblem(report, now, gtinCheckDigit);
    if (problem !== null) throw new BadRequestException(problem);
    if (!(await new PriceReportsRepository(this.dataSource.manager).storeKnown(report.storeId))) {
      throw new BadRequestException(`storeId: no store ${report.storeId}`);
    }
    const item = await this.itemOf(report.ean);
    if (!item) return { outcome: 'unknown-item' };
    const stored: StoredReport = {
      client,
      storeId: report.storeId,
      itemId: item.itemId,
      price: report.price,
      // A shelf price equal to the price is no campaign: nothing to keep beside it.
      regularPrice: report.regularPrice !== undefined && report.regularPrice > report.price ? report.regularPrice : null,
      comparisonPrice: report.comparisonPrice ?? null,
      comparisonUnit: report.comparisonUnit ?? null,
      seenAt: new Date(Date.parse(report.seenAt)).toISOString(),
    };
    const outcome = await this.dataSource.transaction(async (manager) => {
      const reports = new PriceReportsRepository(manager);
      await reports.lockStore(stored.storeId);
      await reports.forgetOld(now);
      if (await reports.isDuplicate(stored, now)) return 'duplicate' as const;
      const seenAt = Date.parse(stored.seenAt);
      const [chain] = await reports.sourcePrices(stored.storeId, stored.itemId);
      const shopper = await reports.lastPublished(stored.storeId, stored.itemId);
      // Never over a newer price: the chain's own source saw the store later, or a later report is already shown.
      // Such a report is kept as history (so a repeat of it is still a duplicate), not published.
      if ((chain?.pricedAt ?? -Infinity) > seenAt || (shopper?.seenAt ?? -Infinity) > seenAt) {
        await reports.insert(stored, 'superseded', now);
        return 'superseded' as const;
      }
      const known = shopper && shopper.seenAt >= (chain?.pricedAt ?? -Infinity) ? shopper.price : chain?.price;
      let outcome: 'published' | 'confirmed' = 'published';
      if (known !== undefined && Math.abs(stored.price - known) > known * PRICE_REPORT_LIMITS.implausibleShare) {
        const pending = await reports.pendingToConfirm(stored, now);
        if (pending === null) {
          await reports.insert(stored, 'pending', now);
          return 'pending' as const;
        }
        await reports.markConfirmed(pending);
        outcome = 'confirmed';
      }
      await reports.insert(stored, outcome, now);
      await reports.forgetSourcePrices(stored.storeId, stored.itemId);
      // Last, so a failed publish rolls the report back (a retry is then no duplicate). A commit failing after the
      // broker took it leaves the price published with the report unrecorded: the projections keep it all the same.
      await this.publisher.publish(IngestTopics.PricesObserved, [{ key: String(stored.itemId), value: [priceEvent(stored, item)] }]);
      return outcome;
    });
    this.logger.debug(`Price report of store ${stored.storeId}, item ${stored.itemId}: ${outcome}`);
    return { outcome };
  }

  /** The product of a report's EAN, also when a feed listed it as its GTIN-14 (a leading 0) or UPC-A form. */
  private async itemOf(ean: string): Promise<SourceItem | undefined> {
    const forms = [ean, `0${ean}`];
    if (ean.length === 13 && ean.startsWith('0')) forms.push(ean.slice(1));
    const items = await this.registry.pricedItems(SHOPPERS_SOURCE, forms);
    return forms.map((form) => items.get(form)).find((found) => found !== undefined);
  }
}

/** The report as a `prices.observed` event of the source shoppers; units from the product's first source unless shown. */
function priceEvent(report: StoredReport, item: SourceItem): PriceObservedEvent {
  return {
    itemId: report.itemId,
    storeId: report.storeId,
    price: report.price,
    comparisonPrice: report.comparisonPrice,
    priceUnit: item.priceUnit,
    comparisonPriceUnit: report.comparisonUnit ?? item.comparisonPriceUnit,
    isCampaign: report.regularPrice !== null,
    observedAt: report.seenAt,
    source: SHOPPERS_SOURCE,
    regularPrice: report.regularPrice,
  };
}
