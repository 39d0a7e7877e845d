// The ERN 4.3 message a release package carries: built from a release, it validates; each kind of
// damage a distributor's intake would reject (identifiers, references, deals, well-formedness) is caught.
import { describe, expect, it } from 'vitest';
import { releaseIdentifiers } from '../../domain/distribution/identifiers';
import { buildErn, isoDuration, STORE_DEALS, validateErn, type ErnInput } from './ddex-ern';
import { parseXml, textAt } from './xml';

const { upc, isrc } = releaseIdentifiers(2026, 7);
const input: ErnInput = {
  messageId: 'GOOSE-6f1c2b3a',
  createdAt: '2026-11-25T10:00:00.000Z',
  live: false,
  recipient: { dpid: 'PADPIDSANDBOXDISTRIBUTOR', name: 'Sandbox distributor' },
  upc,
  isrc,
  form: {
    artistName: 'Night Owl & "Friends" <live>',
    albumName: 'Night Drive',
    songName: 'Night Drive',
    primaryGenre: 'R&B/Soul',
    secondaryGenre: 'Electronic',
    labelName: 'Goose Records',
    recordingLocation: 'Berlin',
    releaseDate: '2026-12-01',
    saleDate: '2026-12-01',
    parentalAdvisory: true,
    royaltySplit: 100,
    selectedStores: ['spotify', 'pandora', 'tiktok'],
  },
  durationSeconds: 200.4,
  audio: { uri: 'resources/A1.wav', sha256: '1'.repeat(64), codec: 'PCM' },
  artwork: { uri: 'resources/A2.png', sha256: '2'.repeat(64), width: 3000, height: 3000 },
  credits: [{ name: 'Ada Producer', role: 'Producer' }],
  aiDisclosure: { generation: 'not_declared', assistedBy: ['GOOSE automated mastering'] },
};

describe('DDEX ERN 4.3', () => {
  it('builds a NewReleaseMessage that validates, with escaped text, identifiers, a deal per store and territory, credits and the AI disclosure', () => {
    const xml = buildErn(input);
    const result = validateErn(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.files.map((f) => f.uri)).toEqual(['resources/A1.wav', 'resources/A2.png']);
    expect(result.dealRecipients).toEqual([STORE_DEALS.spotify!.dpid, STORE_DEALS.pandora!.dpid, STORE_DEALS.tiktok!.dpid]);

    const root = parseXml(xml);
    expect(root.attributes['xmlns:ern']).toBe('http://ddex.net/xml/ern/43');
    expect(textAt(root, 'PartyList', 'Party', 'PartyName', 'FullName')).toBe('Night Owl & "Friends" <live>');
    expect(xml).toContain('Night Owl &amp; &quot;Friends&quot; &lt;live&gt;');
    expect(textAt(root, 'ReleaseList', 'Release', 'ReleaseId', 'ICPN')).toBe(upc);
    expect(textAt(root, 'ResourceList', 'SoundRecording', 'Duration')).toBe('PT3M20S');
    expect(textAt(root, 'ResourceList', 'SoundRecording', 'ParentalWarningType')).toBe('Explicit');
    expect(textAt(root, 'ResourceList', 'SoundRecording', 'DisplayCredits', 'DisplayCreditText')).toBe('AI generation: not declared by the creator; AI-assisted: GOOSE automated mastering');
    expect(textAt(root, 'MessageHeader', 'MessageControlType')).toBe('TestMessage');
    expect(xml).toMatch(/<DealReference>pandora-US<\/DealReference>\s*<DealTerms>\s*<TerritoryCode>US<\/TerritoryCode>/);
    expect(xml).toContain('<UseType>UserMakeAvailableUserProvided</UseType>');
  });

  it('formats durations as ISO 8601', () => {
    expect(isoDuration(0)).toBe('PT0M0S');
    expect(isoDuration(3725)).toBe('PT62M5S');
  });

  const broken: [string, (xml: string) => string, RegExp][] = [
    ['a UPC with a wrong check digit', (xml) => xml.replace(`<ICPN>${upc}</ICPN>`, `<ICPN>${upc.slice(0, -1)}${(Number(upc.at(-1)) + 1) % 10}</ICPN>`), /ICPN .* check digit/],
    ['a malformed ISRC', (xml) => xml.replace(`<ISRC>${isrc}</ISRC>`, '<ISRC>QZ-GSE-26-00007</ISRC>'), /ISRC QZ-GSE-26-00007/],
    ['a release pointing at an undeclared resource', (xml) => xml.replace('<ReleaseResourceReference>A1</ReleaseResourceReference>', '<ReleaseResourceReference>A9</ReleaseResourceReference>'), /resource A9/],
    ['a deal for an undeclared release', (xml) => xml.replace('<DealReleaseReference>R0</DealReleaseReference>', '<DealReleaseReference>R7</DealReleaseReference>'), /release R7/],
    ['a deal without a territory', (xml) => xml.replaceAll('<TerritoryCode>Worldwide</TerritoryCode>', ''), /TerritoryCode is required/],
    ['an unknown party as artist', (xml) => xml.replaceAll('<ArtistPartyReference>PArtist</ArtistPartyReference>', '<ArtistPartyReference>PNobody</ArtistPartyReference>'), /party PNobody/],
    ['a file without its hash', (xml) => xml.replace(`<HashSumValue>${'1'.repeat(64)}</HashSumValue>`, ''), /SHA256 HashSum/],
    ['the ERN 4.2 namespace', (xml) => xml.replace('http://ddex.net/xml/ern/43"', 'http://ddex.net/xml/ern/42"'), /not http:\/\/ddex.net\/xml\/ern\/43/],
    ['no AI disclosure', (xml) => xml.replace(/<DisplayCredits>[\s\S]*?<\/DisplayCredits>/, ''), /AI-generation disclosure/],
    ['a missing message id', (xml) => xml.replace(/<MessageId>.*<\/MessageId>/, ''), /MessageHeader\/MessageId is required/],
    ['a bare ampersand', (xml) => xml.replace('Goose Records</FullName>', 'Goose & Records</FullName>'), /Not well-formed XML: A bare &/],
    ['a mismatched closing tag', (xml) => xml.replace('</PartyList>', '</PartyLst>'), /Not well-formed XML: <\/PartyLst> closes <PartyList>/],
    ['a document type declaration', (xml) => xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]>'), /Document type declarations/],
  ];
  for (const [what, damage, error] of broken) {
    it(`refuses a message with ${what}`, () => {
      const result = validateErn(damage(buildErn(input)));
      expect(result.valid).toBe(false);
      expect(result.errors.join('\n')).toMatch(error);
    });
  }
});
