import { CartDto, CartsPatterns, CartWriteResult, NO_CART_ID } from '@hintakori/carts-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { randomUUID } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { CART_LIMIT_MESSAGES, MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-limits';
import { CartsModule } from './carts.module';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type WritePattern = typeof CartsPatterns.AddItem | typeof CartsPatterns.RemoveItem | typeof CartsPatterns.Increment | typeof CartsPatterns.Decrement;

describe('carts service (real PostgreSQL, in-process transport)', () => {
  let db: TestDatabase;
  let service: TestService;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CartsModule.forRoot(testConfig(db.url)));
    dataSource = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const send = <T>(pattern: string, data: unknown) => firstValueFrom(service.client.send<T>(pattern, data));
  const getCart = (cartId: string) => send<CartDto>(CartsPatterns.Get, { cartId });
  const latest = (ownerId: string) => send<CartDto>(CartsPatterns.LatestForOwner, { ownerId });
  const write = async (pattern: WritePattern, cartId: string, itemId: number, ownerId: string) =>
    (await send<CartWriteResult>(pattern, { cartId, itemId, ownerId })).id;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: { statusCode: number; message: string }) => ({ statusCode: error.statusCode, message: error.message }),
    );
  const owner = () => `browser-${randomUUID()}`;

  /** A cart owned by `ownerId` with the given lines, built through the service. */
  async function cartWith(ownerId: string, lines: [itemId: number, quantity: number][]): Promise<string> {
    let cartId: string = NO_CART_ID;
    for (const [itemId, quantity] of lines) {
      cartId = await write(CartsPatterns.AddItem, cartId, itemId, ownerId);
      for (let i = 1; i < quantity; i++) await write(CartsPatterns.Increment, cartId, itemId, ownerId);
    }
    return cartId;
  }

  describe('creating and reading', () => {
    it('creates a cart from NO_ID with the first item at quantity 1', async () => {
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 42, owner());
      expect(id).toMatch(UUID);
      const cart = await getCart(id);
      expect(cart).toEqual({ id, items: [{ itemId: 42, quantity: 1 }], updatedAt: expect.any(String) });
      expect(new Date(cart.updatedAt).toISOString()).toBe(cart.updatedAt);
    });

    it.each([CartsPatterns.AddItem, CartsPatterns.RemoveItem, CartsPatterns.Increment, CartsPatterns.Decrement] as const)(
      '%s answers a cart id, both from NO_ID and on an existing cart',
      async (pattern) => {
        const me = owner();
        const created = await write(pattern, NO_CART_ID, 5, me);
        expect(created).toMatch(UUID);
        await expect(getCart(created)).resolves.toMatchObject({ id: created });
        await expect(write(pattern, created, 6, me)).resolves.toBe(created);
      },
    );

    it('lists lines in the order they were first added, whatever happens to them later', async () => {
      const me = owner();
      const id = await cartWith(me, [
        [30, 1],
        [10, 2],
        [20, 1],
      ]);
      await write(CartsPatterns.Increment, id, 30, me);
      await write(CartsPatterns.AddItem, id, 10, me);
      expect((await getCart(id)).items).toEqual([
        { itemId: 30, quantity: 2 },
        { itemId: 10, quantity: 2 },
        { itemId: 20, quantity: 1 },
      ]);
    });

    it('answers 404 for an unknown cart, on reads and on writes', async () => {
      const unknown = randomUUID();
      await expect(failure(getCart(unknown))).resolves.toEqual({ statusCode: 404, message: `Cart ${unknown} not found` });
      await expect(failure(write(CartsPatterns.Increment, unknown, 1, owner()))).resolves.toEqual({ statusCode: 404, message: `Cart ${unknown} not found` });
      await expect(failure(getCart(NO_CART_ID))).resolves.toEqual({ statusCode: 404, message: 'Cart NO_ID not found' });
    });

    it('answers 400 for a cart id that is not a UUID and for bad item and owner ids', async () => {
      await expect(failure(getCart('1234'))).resolves.toEqual({ statusCode: 400, message: 'cartId must be a UUID or NO_ID, got "1234"' });
      await expect(failure(write(CartsPatterns.AddItem, "x' OR 1=1 --", 1, owner()))).resolves.toEqual({ statusCode: 400, message: 'cartId must be a UUID or NO_ID, got "x\' OR 1=1 --"' });
      await expect(failure(write(CartsPatterns.AddItem, NO_CART_ID, 0, owner()))).resolves.toEqual({ statusCode: 400, message: 'itemId must be a positive integer, got 0' });
      await expect(failure(send(CartsPatterns.AddItem, { cartId: NO_CART_ID, itemId: '5', ownerId: owner() }))).resolves.toMatchObject({ statusCode: 400 });
      await expect(failure(write(CartsPatterns.AddItem, NO_CART_ID, 1, ''))).resolves.toEqual({
        statusCode: 400,
        message: 'ownerId must be a non-empty string of at most 64 printable characters, got ""',
      });
      await expect(failure(send(CartsPatterns.Get, 'cart please'))).resolves.toEqual({ statusCode: 400, message: 'The request body must be a JSON object' });
    });
  });

  describe('line operations', () => {
    it('adding twice keeps quantity 1; increment adds 1; an absent line is incremented to 1', async () => {
      const me = owner();
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 1, me);
      await write(CartsPatterns.AddItem, id, 1, me);
      expect((await getCart(id)).items).toEqual([{ itemId: 1, quantity: 1 }]);
      await write(CartsPatterns.Increment, id, 1, me);
      await write(CartsPatterns.Increment, id, 2, me);
      expect((await getCart(id)).items).toEqual([
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 1 },
      ]);
    });

    it('decrement lowers by one and removes the line at 1; decrementing or removing an absent line changes nothing', async () => {
      const me = owner();
      const id = await cartWith(me, [
        [1, 2],
        [2, 1],
      ]);
      await write(CartsPatterns.Decrement, id, 1, me);
      expect((await getCart(id)).items).toEqual([
        { itemId: 1, quantity: 1 },
        { itemId: 2, quantity: 1 },
      ]);
      await write(CartsPatterns.Decrement, id, 1, me);
      expect((await getCart(id)).items).toEqual([{ itemId: 2, quantity: 1 }]);
      await write(CartsPatterns.Decrement, id, 99, me);
      await write(CartsPatterns.RemoveItem, id, 99, me);
      expect((await getCart(id)).items).toEqual([{ itemId: 2, quantity: 1 }]);
    });

    it('remove deletes a line whatever its quantity', async () => {
      const me = owner();
      const id = await cartWith(me, [
        [7, 3],
        [8, 1],
      ]);
      await expect(write(CartsPatterns.RemoveItem, id, 7, me)).resolves.toBe(id);
      expect((await getCart(id)).items).toEqual([{ itemId: 8, quantity: 1 }]);
    });

    it("moves the cart's updatedAt forward on every write by its owner", async () => {
      const me = owner();
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 1, me);
      const before = (await getCart(id)).updatedAt;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await write(CartsPatterns.RemoveItem, id, 1, me);
      expect(Date.parse((await getCart(id)).updatedAt)).toBeGreaterThan(Date.parse(before));
    });
  });

  describe('concurrency', () => {
    it('50 concurrent increments of one line end at exactly +50', async () => {
      const me = owner();
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 11, me);
      const ids = await Promise.all(Array.from({ length: 50 }, () => write(CartsPatterns.Increment, id, 11, me)));
      expect(new Set(ids)).toEqual(new Set([id]));
      expect((await getCart(id)).items).toEqual([{ itemId: 11, quantity: 51 }]);
    });

    it('concurrent decrements from 10 end with no line, never an error or a zero line', async () => {
      const me = owner();
      const id = await cartWith(me, [[12, 10]]);
      const ids = await Promise.all(Array.from({ length: 14 }, () => write(CartsPatterns.Decrement, id, 12, me)));
      expect(new Set(ids)).toEqual(new Set([id]));
      expect((await getCart(id)).items).toEqual([]);
      const [{ count }] = await dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM carts.cart_lines WHERE cart_id = $1', [id]);
      expect(count).toBe(0);
    });

    it('concurrent adds of different items into a cart one line short of the cap admit exactly one', async () => {
      const me = owner();
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 1, me);
      await dataSource.query('INSERT INTO carts.cart_lines (cart_id, item_id, quantity) SELECT $1, g, 1 FROM generate_series(2, $2::int) g', [id, MAX_CART_LINES - 1]);
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => write(CartsPatterns.AddItem, id, 10_000 + i, me)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect((await getCart(id)).items).toHaveLength(MAX_CART_LINES);
    });
  });

  describe('sharing: another browser never changes the cart', () => {
    it("a write by someone else lands in a copy; the original stays exactly as it was", async () => {
      const sharer = owner();
      const visitor = owner();
      const original = await cartWith(sharer, [
        [1, 3],
        [2, 1],
      ]);
      const before = await getCart(original);

      const copy = await write(CartsPatterns.Increment, original, 2, visitor);
      expect(copy).toMatch(UUID);
      expect(copy).not.toBe(original);
      await expect(getCart(original)).resolves.toEqual(before);
      expect((await getCart(copy)).items).toEqual([
        { itemId: 1, quantity: 3 },
        { itemId: 2, quantity: 2 },
      ]);

      // The visitor keeps writing to its copy; the sharer keeps writing to the original.
      await expect(write(CartsPatterns.AddItem, copy, 3, visitor)).resolves.toBe(copy);
      await expect(write(CartsPatterns.RemoveItem, original, 1, sharer)).resolves.toBe(original);
      expect((await getCart(copy)).items).toEqual([
        { itemId: 1, quantity: 3 },
        { itemId: 2, quantity: 2 },
        { itemId: 3, quantity: 1 },
      ]);
      expect((await getCart(original)).items).toEqual([{ itemId: 2, quantity: 1 }]);
    });

    it('every kind of foreign write copies, even one that changes nothing, and records where the copy came from', async () => {
      const sharer = owner();
      const original = await cartWith(sharer, [[5, 2]]);
      const before = await getCart(original);
      for (const pattern of [CartsPatterns.AddItem, CartsPatterns.RemoveItem, CartsPatterns.Decrement, CartsPatterns.Increment] as const) {
        const visitor = owner();
        const copy = await write(pattern, original, 5, visitor);
        expect(copy).not.toBe(original);
        const [row] = await dataSource.query<{ owner_id: string; source_cart_id: string }[]>('SELECT owner_id, source_cart_id FROM carts.carts WHERE id = $1', [copy]);
        expect(row).toEqual({ owner_id: visitor, source_cart_id: original });
      }
      await expect(getCart(original)).resolves.toEqual(before);
    });

    it('concurrent foreign writes each get their own copy and leave the original untouched', async () => {
      const sharer = owner();
      const original = await cartWith(sharer, [[9, 1]]);
      const before = await getCart(original);
      const copies = await Promise.all(Array.from({ length: 10 }, () => write(CartsPatterns.Increment, original, 9, owner())));
      expect(new Set(copies).size).toBe(10);
      await expect(getCart(original)).resolves.toEqual(before);
      for (const copy of copies) expect((await getCart(copy)).items).toEqual([{ itemId: 9, quantity: 2 }]);
    });
  });

  describe('latest cart of an owner', () => {
    it("answers the owner's most recently written cart, and 404 for an owner without carts", async () => {
      const me = owner();
      const first = await write(CartsPatterns.AddItem, NO_CART_ID, 1, me);
      const second = await write(CartsPatterns.AddItem, NO_CART_ID, 2, me);
      await expect(latest(me)).resolves.toEqual(await getCart(second));
      await write(CartsPatterns.Increment, first, 1, me);
      await expect(latest(me)).resolves.toEqual({ id: first, items: [{ itemId: 1, quantity: 2 }], updatedAt: expect.any(String) });
      await expect(failure(latest(owner()))).resolves.toMatchObject({ statusCode: 404 });
    });

    it("a copy made from someone else's cart becomes the writer's latest cart; the sharer's latest is unchanged", async () => {
      const sharer = owner();
      const visitor = owner();
      const original = await write(CartsPatterns.AddItem, NO_CART_ID, 1, sharer);
      const copy = await write(CartsPatterns.AddItem, original, 2, visitor);
      await expect(latest(visitor)).resolves.toMatchObject({ id: copy });
      await expect(latest(sharer)).resolves.toMatchObject({ id: original });
    });
  });

  describe('caps', () => {
    async function fullCart(ownerId: string): Promise<string> {
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 1, ownerId);
      await dataSource.query('INSERT INTO carts.cart_lines (cart_id, item_id, quantity) SELECT $1, g, 1 FROM generate_series(2, $2::int) g', [id, MAX_CART_LINES]);
      return id;
    }

    it(`refuses a ${MAX_CART_LINES + 1}st different item but still lets existing lines change`, async () => {
      const me = owner();
      const id = await fullCart(me);
      const before = await getCart(id);
      await expect(failure(write(CartsPatterns.AddItem, id, 9999, me))).resolves.toEqual({ statusCode: 400, message: CART_LIMIT_MESSAGES.tooManyLines });
      await expect(failure(write(CartsPatterns.Increment, id, 9999, me))).resolves.toEqual({ statusCode: 400, message: CART_LIMIT_MESSAGES.tooManyLines });
      await expect(getCart(id)).resolves.toEqual(before);
      await expect(write(CartsPatterns.AddItem, id, 1, me)).resolves.toBe(id);
      await expect(write(CartsPatterns.Increment, id, 1, me)).resolves.toBe(id);
      expect((await getCart(id)).items).toHaveLength(MAX_CART_LINES);
    });

    it(`stops a line at ${MAX_LINE_QUANTITY}`, async () => {
      const me = owner();
      const id = await write(CartsPatterns.AddItem, NO_CART_ID, 3, me);
      await dataSource.query('UPDATE carts.cart_lines SET quantity = $2 WHERE cart_id = $1', [id, MAX_LINE_QUANTITY - 1]);
      await write(CartsPatterns.Increment, id, 3, me);
      await expect(failure(write(CartsPatterns.Increment, id, 3, me))).resolves.toEqual({ statusCode: 400, message: CART_LIMIT_MESSAGES.quantityTooHigh });
      expect((await getCart(id)).items).toEqual([{ itemId: 3, quantity: MAX_LINE_QUANTITY }]);
      await write(CartsPatterns.Decrement, id, 3, me);
      expect((await getCart(id)).items).toEqual([{ itemId: 3, quantity: MAX_LINE_QUANTITY - 1 }]);
    });

    it('a refused foreign write leaves no copy behind', async () => {
      const sharer = owner();
      const visitor = owner();
      const id = await fullCart(sharer);
      await expect(failure(write(CartsPatterns.AddItem, id, 9999, visitor))).resolves.toMatchObject({ statusCode: 400 });
      await expect(failure(latest(visitor))).resolves.toMatchObject({ statusCode: 404 });
    });
  });

  it('reports itself healthy with its database up', async () => {
    await expect(send('carts.health', {})).resolves.toEqual({ service: 'carts', status: 'up', checks: { database: 'up' } });
  });

  it('the migrations create exactly the schema the entities describe (migration:generate would be empty)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });
});
