import { clientNetwork } from './client-network';

describe('clientNetwork (what the sign-in limit counts a client by)', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one client, however it is written', () => {
    const network = '2001:db8:4a:7::/64';
    for (const address of [
      '2001:db8:4a:7::1',
      '2001:0DB8:004A:0007:ffff:ffff:ffff:ffff',
      '2001:db8:4a:7:1:2:3:4',
      '2001:db8:4a:7::192.0.2.1',
      '2001:db8:4a:7::1%eth0',
    ]) {
      expect(clientNetwork(address)).toBe(network);
    }
    expect(clientNetwork('2001:db8:4a:8::1')).toBe('2001:db8:4a:8::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an address alone', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
