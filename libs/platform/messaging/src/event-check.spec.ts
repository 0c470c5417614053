import { Type } from 'typebox';
import { acceptedEvents, checkEvent } from './event-check';

describe('checkEvent and acceptedEvents', () => {
  const Event = Type.Object({ id: Type.Integer({ minimum: 1, title: 'id' }), name: Type.String({ maxLength: 5 }) });

  it('hands on a matching event as it came, and words what is wrong with one that does not', () => {
    const event = { id: 1, name: 'abc', extra: true };
    const checked = checkEvent(Event, event);
    expect(checked).toEqual({ ok: true, event });
    expect(checked.ok && checked.event).toBe(event);
    expect(checkEvent(Event, { id: 0, name: 'abc' })).toEqual({ ok: false, reason: 'id must be a positive integer, got 0' });
    expect(checkEvent(Event, { id: 2, name: 'abcdef' })).toEqual({ ok: false, reason: 'name must be at most 5 characters, got 6' });
    expect(checkEvent(Event, { name: 'a' })).toEqual({ ok: false, reason: 'id is required' });
    for (const value of [null, undefined, 'x', 3, [{ id: 1, name: 'a' }]]) expect(checkEvent(Event, value)).toEqual({ ok: false, reason: 'the event must be an object' });
  });

  it('keeps the accepted events of a batch in order and logs each refused one by its place', () => {
    const warn = jest.fn();
    const events = [{ id: 1, name: 'a' }, { id: 'x', name: 'b' }, null, { id: 3, name: 'c' }];
    expect(acceptedEvents(events, (e) => checkEvent(Event, e), 'things.upserted', { warn })).toEqual([events[0], events[3]]);
    expect(warn.mock.calls).toEqual([['Skipped things.upserted event #1: id must be a positive integer, got "x"'], ['Skipped things.upserted event #2: the event must be an object']]);
  });
});
