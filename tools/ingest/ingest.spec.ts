import { parseIngestArgs } from './ingest';

describe('npm run ingest arguments', () => {
  it('runs the chains’ web shops from their public addresses or --url, and Lidl’s feed file only with --file', () => {
    expect(parseIngestArgs(['--source', 's-kaupat'])).toEqual({ source: 's-kaupat', file: '', here: false, refresh: false });
    expect(parseIngestArgs(['--source', 'k-ruoka', '--url', 'http://127.0.0.1:8390/'])).toEqual({ source: 'k-ruoka', file: 'http://127.0.0.1:8390', here: false, refresh: false });
    expect(parseIngestArgs(['--source', 'lidl', '--here'])).toEqual({ source: 'lidl', file: '', here: true, refresh: false });
    expect(parseIngestArgs(['--source=lidl', '--url=http://127.0.0.1:8390'])).toEqual({ source: 'lidl', file: 'http://127.0.0.1:8390', here: false, refresh: false });
    expect(parseIngestArgs(['--source', 'lidl', '--file', __filename]).file).toBe(__filename);
  });

  it('takes --refresh for a source that pulls from a service, and refuses it for a feed file', () => {
    expect(parseIngestArgs(['--source', 'osm', '--refresh'])).toEqual({ source: 'osm', file: '', here: false, refresh: true });
    expect(parseIngestArgs(['--refresh', '--source', 'lidl', '--here'])).toEqual({ source: 'lidl', file: '', here: true, refresh: true });
    expect(() => parseIngestArgs(['--source', 's-group', '--file', __filename, '--refresh'])).toThrow(/--refresh is for a source that pulls from a service/);
  });

  it('says what is wrong with bad arguments', () => {
    expect(() => parseIngestArgs(['--source', 'lidl', '--url', 'lidl.fi'])).toThrow(/--url must be an http\(s\) URL, got 'lidl.fi'/);
    expect(() => parseIngestArgs(['--source', 'lidl', '--file', '/nonexistent/lidl.jsonl'])).toThrow(/No such file/);
    expect(() => parseIngestArgs(['--source', 'tokmanni', '--file', __filename])).toThrow(/Unknown source 'tokmanni'/);
    expect(() => parseIngestArgs(['--source', 's-kaupat', '--cookie', 'x'])).toThrow(/Unknown argument '--cookie'/);
  });
});
