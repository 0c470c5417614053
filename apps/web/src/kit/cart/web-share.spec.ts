import { makeStore } from '../../app/store';
import { cartIdReceived } from './cart.slice';
import { shareCart, webShare } from './web-share';

const data = { title: 't', url: 'http://localhost/ostoskorit/abc' };

describe('webShare', () => {
  it('uses the share sheet when there is one', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    await expect(webShare(data, { share })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it("reports 'unavailable' without the API, when the data is refused, or when sharing fails", async () => {
    await expect(webShare(data, {})).resolves.toBe('unavailable');
    await expect(webShare(data, { share: jest.fn(), canShare: () => false })).resolves.toBe('unavailable');
    await expect(webShare(data, { share: jest.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError')) })).resolves.toBe('unavailable');
  });

  it("reports 'cancelled' when the shopper closes the sheet", async () => {
    await expect(webShare(data, { share: jest.fn().mockRejectedValue(new DOMException('closed', 'AbortError')) })).resolves.toBe('cancelled');
  });
});

describe('shareCart', () => {
  it('shares the cart link on a phone and leaves the share modal closed', async () => {
    const store = makeStore();
    store.dispatch(cartIdReceived('abc123'));
    const share = jest.fn().mockResolvedValue(undefined);
    await store.dispatch(shareCart({ share }, () => true));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://localhost/ostoskorit/abc123' }));
    expect(store.getState().ui.modals.share).toBe(false);
  });

  it('falls back to the share modal without the API, on a desktop, or before the cart is saved', async () => {
    const noApi = makeStore();
    noApi.dispatch(cartIdReceived('abc123'));
    await noApi.dispatch(shareCart({}, () => true));
    expect(noApi.getState().ui.modals.share).toBe(true);

    const desktop = makeStore();
    desktop.dispatch(cartIdReceived('abc123'));
    const share = jest.fn();
    await desktop.dispatch(shareCart({ share }, () => false));
    expect(share).not.toHaveBeenCalled();
    expect(desktop.getState().ui.modals.share).toBe(true);

    const unsaved = makeStore();
    await unsaved.dispatch(shareCart({ share }, () => true));
    expect(unsaved.getState().ui.modals.share).toBe(true);
  });

  it('opens nothing when the shopper cancels the sheet', async () => {
    const store = makeStore();
    store.dispatch(cartIdReceived('abc123'));
    await store.dispatch(shareCart({ share: jest.fn().mockRejectedValue(new DOMException('closed', 'AbortError')) }, () => true));
    expect(store.getState().ui.modals.share).toBe(false);
  });
});
