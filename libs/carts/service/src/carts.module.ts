import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CartLineEntity } from './cart-line.entity';
import { CartEntity } from './cart.entity';
import { CartsHandler } from './carts.handler';
import { CartsRepository } from './carts.repository';
import { CartsService } from './carts.service';
import { InitCartsSchema1763800000300 } from './database/migrations/1763800000300-init-carts-schema';

const CART_ENTITIES = [CartEntity, CartLineEntity];

@Module({})
export class CartsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CartsModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceTypeOrmOptions(config, { schema: 'carts', entities: CART_ENTITIES, migrations: [InitCartsSchema1763800000300] }),
        }),
        TypeOrmModule.forFeature(CART_ENTITIES),
      ],
      controllers: [CartsHandler, createHealthHandler('carts')],
      providers: [CartsService, CartsRepository],
    };
  }
}
