import { MigrationInterface, QueryRunner } from 'typeorm';
import { SearchRanking1764300000000 } from './1764300000000-search-ranking';

/**
 * The search ranking moved into the service (items/search-ranking.ts): per candidate row the SQL functions cost
 * 0.1–0.2 ms, the same matching in the service a few microseconds. Their functions go; `down` brings them back.
 */
export class SearchRankingInService1764700000000 implements MigrationInterface {
  name = 'SearchRankingInService1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await new SearchRanking1764300000000().down(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await new SearchRanking1764300000000().up(queryRunner);
  }
}
