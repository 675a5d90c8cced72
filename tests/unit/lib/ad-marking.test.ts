import { describe, expect, it } from 'vitest';
import { adMarkingOf, missingMarking } from '@/shared/outside';

describe('the 38-FZ marking of an AdFox creative', () => {
  it('reads the erid token and the advertiser from the banner parameters', () => {
    expect(adMarkingOf({ bundleParams: { erid: '2VtzqwXyZ1', advertiserInfo: ' ООО «Застройщик» ' } })).toEqual({
      erid: '2VtzqwXyZ1',
      advertiser: 'ООО «Застройщик»',
    });
    expect(adMarkingOf({ bundleParams: { erid: 'Kra23ad', advertiser: 'ИП Иванов' } })).toEqual({
      erid: 'Kra23ad',
      advertiser: 'ИП Иванов',
    });
  });

  it('is null without the advertiser, and says what each unmarked creative lacks (it is counted)', () => {
    expect(adMarkingOf({ bundleParams: { erid: 'Kra23ad' } })).toBeNull();
    expect(adMarkingOf({ bundleParams: { erid: 'Kra23ad', advertiserInfo: '   ' } })).toBeNull();
    expect(missingMarking({ bundleParams: { erid: 'Kra23ad' } })).toEqual(['advertiser']);
    expect(missingMarking({ bundleParams: { advertiser: 'ИП Иванов' } })).toEqual(['erid']);
    expect(missingMarking(undefined)).toEqual(['erid', 'advertiser']);
    expect(missingMarking({ bundleParams: { erid: 'Kra23ad', advertiser: 'ИП Иванов' } })).toEqual([]);
  });

  it('is null without a well-formed token: such an ad is not shown', () => {
    for (const data of [undefined, {}, { bundleParams: {} }, { bundleParams: { erid: '' } }, { bundleParams: { erid: 42 } }])
      expect(adMarkingOf(data)).toBeNull();
    expect(adMarkingOf({ bundleParams: { erid: '<script>alert(1)</script>' } })).toBeNull();
    expect(adMarkingOf({ bundleParams: { erid: 'x'.repeat(65) } })).toBeNull();
  });
});
