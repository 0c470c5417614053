import { checkEan, EAN_PROBLEMS_FI, gtinCheckDigit } from './ean';

describe('checkEan', () => {
  it('accepts EAN-13 and EAN-8 codes with a right check digit (GS1 examples and real Finnish products)', () => {
    expect(checkEan('4006381333931')).toEqual({ ok: true, ean: '4006381333931' });
    expect(checkEan('6408430000036')).toEqual({ ok: true, ean: '6408430000036' });
    expect(checkEan('96385074')).toEqual({ ok: true, ean: '96385074' });
    expect(checkEan('5512 3457')).toEqual({ ok: true, ean: '55123457' });
  });

  it('says a code of another length is wrong, naming the length', () => {
    expect(checkEan('640843000003')).toEqual({ ok: false, problem: 'length', message: 'ean must have 8 (EAN-8) or 13 (EAN-13) digits, not 12' });
    expect(checkEan('123')).toMatchObject({ ok: false, problem: 'length' });
    expect(checkEan('06408430000036')).toMatchObject({ ok: false, problem: 'length' });
  });

  it('says a wrong check digit is wrong, naming the expected one', () => {
    expect(checkEan('4006381333932')).toEqual({ ok: false, problem: 'checkDigit', message: 'ean 4006381333932 has a wrong check digit: 2, expected 1' });
    expect(checkEan('96385075')).toMatchObject({ ok: false, problem: 'checkDigit' });
  });

  it('refuses letters and empty input as not digits', () => {
    expect(checkEan('40063813339x1')).toMatchObject({ ok: false, problem: 'digits' });
    expect(checkEan('')).toMatchObject({ ok: false, problem: 'digits' });
  });

  it('has a Finnish message for every problem', () => {
    expect(Object.keys(EAN_PROBLEMS_FI).sort()).toEqual(['checkDigit', 'digits', 'length']);
  });

  it('computes the GS1 check digit from the right for each GTIN length', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('03600029145')).toBe(2);
  });
});
