// The release's DDEX ERN 4.3.1 NewReleaseMessage: its parties, the sound recording and the cover
// image (each with its file and SHA-256), the release and its track release, and one deal per store
// for that store's territories, commercial models and uses. The message is ERN 4.3.1 (namespace
// ern/431, DDEX schema of 2024-07): 4.3.0 had no element for generative AI, 4.3.1 added the
// resource's ContainsAI (AVS ContainsAI: All, None, Partly), the Contributor's SpecialContributor
// (AVS SpecialContributorType: GenerativeAI) and its AiContribution. A generated work says
// ContainsAI All with GenerativeAI as its only contributor, as 4.3.1 requires for All; a creator's
// declared none says None; an upload the creator declared nothing about carries no ContainsAI
// (this server does not know). The display credits say the same in words (docs/distribution.md).
// `validateErn` checks a message as a distributor's intake would: structure, required elements,
// identifiers and every reference.
import { STORES, type Store } from '../../domain/distribution/catalogue';
import { isValidIsrc, isValidUpc } from '../../domain/distribution/identifiers';
import type { ReleaseForm } from '../../domain/distribution/release.events';
import { child, childrenNamed, descendants, el, localName, parseXml, textAt, writeXml, XmlSyntaxError, type XmlElement, type XmlNode } from './xml';

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/431';
export const ERN_SCHEMA_LOCATION = `${ERN_NAMESPACE} http://service.ddex.net/xml/ern/431/release-notification.xsd`;
/** AVS ContainsAI (ERN 4.3.1): how much of a resource generative AI made. */
export const CONTAINS_AI_VALUES = ['All', 'None', 'Partly'] as const;

/** What a store's deal covers. The DPIDs are placeholders until a distributor supplies the real ones. */
export interface StoreDeal {
  dpid: string;
  /** ISO 3166-1 alpha-2 codes, or Worldwide. */
  territories: readonly string[];
  terms: readonly { commercialModel: string; useTypes: readonly string[] }[];
}

const stream = { commercialModel: 'SubscriptionModel', useTypes: ['OnDemandStream', 'NonInteractiveStream'] } as const;
const adStream = { commercialModel: 'AdvertisementSupportedModel', useTypes: ['OnDemandStream'] } as const;
const download = { commercialModel: 'PayAsYouGoModel', useTypes: ['PermanentDownload'] } as const;
const ugc = { commercialModel: 'RightsClaimModel', useTypes: ['UserMakeAvailableUserProvided'] } as const;

const dpid = (storeId: string) => `PADPIDSANDBOX${storeId.replaceAll('_', '').toUpperCase()}`;

export const STORE_DEALS: Record<string, StoreDeal> = {
  spotify: { dpid: dpid('spotify'), territories: ['Worldwide'], terms: [stream, adStream] },
  apple_music: { dpid: dpid('apple_music'), territories: ['Worldwide'], terms: [stream, download] },
  amazon_music: { dpid: dpid('amazon_music'), territories: ['Worldwide'], terms: [stream, download] },
  youtube_music: { dpid: dpid('youtube_music'), territories: ['Worldwide'], terms: [stream, adStream, ugc] },
  deezer: { dpid: dpid('deezer'), territories: ['Worldwide'], terms: [stream, adStream] },
  tidal: { dpid: dpid('tidal'), territories: ['Worldwide'], terms: [stream] },
  pandora: { dpid: dpid('pandora'), territories: ['US'], terms: [stream, adStream] },
  soundcloud: { dpid: dpid('soundcloud'), territories: ['Worldwide'], terms: [stream, adStream] },
  tiktok: { dpid: dpid('tiktok'), territories: ['Worldwide'], terms: [ugc] },
  instagram_facebook: { dpid: dpid('instagram_facebook'), territories: ['Worldwide'], terms: [ugc] },
  beatport: { dpid: dpid('beatport'), territories: ['Worldwide'], terms: [download, stream] },
  napster: { dpid: dpid('napster'), territories: ['Worldwide'], terms: [stream] },
};

export const PLATFORM_DPID = 'PADPIDSANDBOXGOOSE';

export interface ErnFile {
  /** Path inside the package, e.g. resources/A1.wav. */
  uri: string;
  sha256: string;
}

export interface ErnInput {
  messageId: string;
  createdAt: string;
  /** A sandbox delivery is a TestMessage; a real one a LiveMessage. */
  live: boolean;
  recipient: { dpid: string; name: string };
  /** Where the recipient delivers (Worldwide or ISO codes); each store's deal is narrowed to these. Worldwide when absent. */
  territories?: readonly string[];
  upc: string;
  isrc: string;
  form: ReleaseForm;
  durationSeconds: number | null;
  audio: ErnFile & { codec: string };
  artwork: ErnFile & { width: number; height: number; codec: 'PNG' | 'JPEG' };
  /** People credited on the recording besides the main artist. */
  credits: readonly { name: string; role: string }[];
  /**
   * How AI took part: generation (this server's own generator, as its signed certificate says, or
   * the creator's declaration), what generated it, and the automated tools that worked on the audio.
   */
  aiDisclosure: { generation: 'declared_none' | 'ai_generated' | 'not_declared'; generator?: string; assistedBy: readonly string[] };
}

const GENERATION_TEXT: Record<ErnInput['aiDisclosure']['generation'], string> = {
  declared_none: 'No AI generation declared by the creator',
  ai_generated: 'Generated by software on GOOSE',
  not_declared: 'AI generation: not declared by the creator',
};

const CONTAINS_AI: Record<ErnInput['aiDisclosure']['generation'], (typeof CONTAINS_AI_VALUES)[number] | null> = {
  ai_generated: 'All',
  declared_none: 'None',
  not_declared: null,
};

/** ISO 8601 duration, e.g. PT3M20S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`;
}

function party(reference: string, name: string): XmlNode {
  return el('Party', [el('PartyReference', reference), el('PartyName', [el('FullName', name)])]);
}

function hashedFile(file: ErnFile): XmlNode {
  return el('File', [el('URI', file.uri), el('HashSum', [el('Algorithm', 'SHA256'), el('HashSumValue', file.sha256)])]);
}

/** A store's territories within the recipient's: the store's own where the recipient is worldwide, the recipient's where the store is. */
export function dealTerritories(store: readonly string[], recipient: readonly string[]): string[] {
  if (recipient.includes('Worldwide')) return [...store];
  if (store.includes('Worldwide')) return [...recipient];
  return store.filter((territory) => recipient.includes(territory));
}

export function buildErn(input: ErnInput): string {
  const { form } = input;
  const year = form.releaseDate.slice(0, 4);
  const parental = form.parentalAdvisory ? 'Explicit' : 'NotExplicit';
  const generated = input.aiDisclosure.generation === 'ai_generated';
  // ContainsAI All admits only GenerativeAI contributors: people and tools go into the display credits.
  const credits = generated ? [] : input.credits.map((credit, index) => ({ ...credit, reference: `PC${index + 1}` }));
  const aiTools = generated ? [] : input.aiDisclosure.assistedBy.map((tool, index) => ({ tool, reference: `PAI${index + 1}` }));
  const containsAi = CONTAINS_AI[input.aiDisclosure.generation];
  const creditText = [
    input.aiDisclosure.generator ? `${GENERATION_TEXT[input.aiDisclosure.generation]} (${input.aiDisclosure.generator})` : GENERATION_TEXT[input.aiDisclosure.generation],
    ...input.aiDisclosure.assistedBy.map((tool) => `AI-assisted: ${tool}`),
    // A generated work's ContainsAI All admits no people as Contributors: its credits are named here.
    ...(generated ? input.credits.map((credit) => `${credit.role}: ${credit.name}`) : []),
  ].join('; ');
  // The sound recording and the release each carry their title and the main artist the same way.
  const titleAndArtist = (title: string) => [
    el('DisplayTitleText', title),
    el('DisplayTitle', [el('TitleText', title)]),
    el('DisplayArtistName', form.artistName),
    el('DisplayArtist', { SequenceNumber: 1 }, [el('ArtistPartyReference', 'PArtist'), el('DisplayArtistRole', 'MainArtist')]),
  ];
  const duration = input.durationSeconds === null ? null : el('Duration', isoDuration(input.durationSeconds));
  const genre = el('Genre', [el('GenreText', form.primaryGenre), form.secondaryGenre ? el('SubGenre', form.secondaryGenre) : null]);
  const pLine = el('PLine', [el('Year', year), el('PLineText', `(P) ${year} ${form.labelName}`)]);
  const stores = form.selectedStores.map((id) => STORES.find((store) => store.id === id)).filter((store): store is Store => Boolean(store));

  const message = el(
    'ern:NewReleaseMessage',
    {
      'xmlns:ern': ERN_NAMESPACE,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xsi:schemaLocation': ERN_SCHEMA_LOCATION,
      ReleaseProfileVersionId: 'Audio',
      LanguageAndScriptCode: 'en',
      AvsVersionId: '2023',
    },
    [
      el('MessageHeader', [
        el('MessageThreadId', input.messageId),
        el('MessageId', input.messageId),
        el('MessageSender', [el('PartyId', PLATFORM_DPID), el('PartyName', [el('FullName', 'GOOSE')])]),
        el('MessageRecipient', [el('PartyId', input.recipient.dpid), el('PartyName', [el('FullName', input.recipient.name)])]),
        el('MessageCreatedDateTime', input.createdAt),
        el('MessageControlType', input.live ? 'LiveMessage' : 'TestMessage'),
      ]),
      el('PartyList', [
        party('PArtist', form.artistName),
        party('PLabel', form.labelName),
        ...credits.map((credit) => party(credit.reference, credit.name)),
        ...aiTools.map((tool) => party(tool.reference, tool.tool)),
      ]),
      el('ResourceList', [
        el('SoundRecording', [
          el('ResourceReference', 'A1'),
          el('Type', 'MusicalWorkSoundRecording'),
          el('ResourceId', [el('ISRC', input.isrc)]),
          ...titleAndArtist(form.songName),
          ...credits.map((credit, index) => el('Contributor', { SequenceNumber: index + 1 }, [el('ContributorPartyReference', credit.reference), el('Role', credit.role)])),
          ...aiTools.map((tool, index) =>
            el('Contributor', { SequenceNumber: credits.length + index + 1 }, [el('ContributorPartyReference', tool.reference), el('Role', { UserDefinedValue: 'AIAssistedProduction' }, 'UserDefined')]),
          ),
          generated ? el('Contributor', { SequenceNumber: 1 }, [el('SpecialContributor', 'GenerativeAI'), el('AiContribution', 'All')]) : null,
          containsAi ? el('ContainsAI', containsAi) : null,
          el('DisplayCredits', [el('DisplayCreditText', creditText), el('DisplayCreditParty', 'PArtist')]),
          pLine,
          duration,
          form.recordingLocation ? el('LocationAndDateOfRecording', [el('LocationOfRecording', form.recordingLocation)]) : null,
          el('ParentalWarningType', parental),
          el('TechnicalDetails', [
            el('TechnicalResourceDetailsReference', 'T1'),
            el('DeliveryFile', [el('Type', 'AudioFile'), el('AudioCodecType', input.audio.codec), hashedFile(input.audio)]),
          ]),
        ]),
        el('Image', [
          el('ResourceReference', 'A2'),
          el('Type', 'FrontCoverImage'),
          el('ResourceId', [el('ProprietaryId', { Namespace: `DPID:${PLATFORM_DPID}` }, `${input.upc}-cover`)]),
          el('ParentalWarningType', parental),
          el('TechnicalDetails', [
            el('TechnicalResourceDetailsReference', 'T2'),
            el('DeliveryFile', [el('Type', 'ImageFile'), el('ImageCodecType', input.artwork.codec), el('ImageHeight', input.artwork.height), el('ImageWidth', input.artwork.width), hashedFile(input.artwork)]),
          ]),
        ]),
      ]),
      el('ReleaseList', [
        el('Release', [
          el('ReleaseReference', 'R0'),
          el('ReleaseType', 'Single'),
          el('ReleaseId', [el('ICPN', input.upc)]),
          ...titleAndArtist(form.albumName),
          el('ReleaseLabelReference', 'PLabel'),
          pLine,
          duration,
          genre,
          el('ReleaseDate', form.releaseDate),
          el('ParentalWarningType', parental),
          el('ResourceGroup', [
            el('ResourceGroupContentItem', [el('SequenceNumber', 1), el('ReleaseResourceReference', 'A1')]),
            el('LinkedReleaseResourceReference', { LinkDescription: 'FrontCoverImage' }, 'A2'),
          ]),
        ]),
        el('TrackRelease', [el('ReleaseReference', 'R1'), el('ReleaseId', [el('ISRC', input.isrc)]), el('ReleaseResourceReference', 'A1'), el('ReleaseLabelReference', 'PLabel'), genre]),
      ]),
      el('DealList', [
        el(
          'ReleaseDeal',
          [el('DealReleaseReference', 'R0'), el('DealReleaseReference', 'R1')].concat(
            stores.flatMap((store) => {
              const deal = STORE_DEALS[store.id]!;
              return dealTerritories(deal.territories, input.territories ?? ['Worldwide']).map((territory) =>
                el('Deal', [
                  el('DealReference', `${store.id}-${territory}`),
                  el('DealTerms', [
                    el('TerritoryCode', territory),
                    el('DistributionChannel', [el('PartyId', deal.dpid), el('PartyName', [el('FullName', store.name)])]),
                    ...deal.terms.flatMap((term) => [el('CommercialModelType', term.commercialModel), ...term.useTypes.map((use) => el('UseType', use))]),
                    el('ValidityPeriod', [el('StartDate', form.saleDate)]),
                  ]),
                ]),
              );
            }),
          ),
        ),
      ]),
    ],
  );
  return writeXml(message);
}

export interface ErnValidation {
  valid: boolean;
  errors: string[];
  /** The files the message refers to (URI and SHA-256), for checking them against the package. */
  files: ErnFile[];
  /** The stores (by DPID) the deals are for. */
  dealRecipients: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const TERRITORY = /^(Worldwide|[A-Z]{2})$/;
const DPID = /^PADPID[A-Z0-9]+$/;
const SHA256 = /^[0-9a-f]{64}$/;
const DURATION = /^PT(\d+H)?(\d+M)?(\d+(\.\d+)?S)?$/;
const COMMERCIAL_MODELS = new Set(['SubscriptionModel', 'AdvertisementSupportedModel', 'PayAsYouGoModel', 'RightsClaimModel', 'FreeOfChargeModel']);
const USE_TYPES = new Set(['OnDemandStream', 'NonInteractiveStream', 'PermanentDownload', 'ConditionalDownload', 'UserMakeAvailableUserProvided', 'UserMakeAvailableLabelProvided', 'Stream']);

/** Checks an ERN 4.3.1 NewReleaseMessage; every problem is listed with where it is. */
export function validateErn(xml: string): ErnValidation {
  const errors: string[] = [];
  const files: ErnFile[] = [];
  const dealRecipients: string[] = [];
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    return { valid: false, errors: [`Not well-formed XML: ${error.message}`], files, dealRecipients };
  }
  const need = (node: XmlElement | undefined, path: string, ...names: string[]): string | undefined => {
    const value = textAt(node, ...names);
    if (!value) errors.push(`${path}/${names.join('/')} is required`);
    return value || undefined;
  };

  if (localName(root.name) !== 'NewReleaseMessage') errors.push(`The root is ${root.name}, not NewReleaseMessage`);
  const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':')) : null;
  const namespace = prefix ? root.attributes[`xmlns:${prefix}`] : root.attributes.xmlns;
  if (namespace !== ERN_NAMESPACE) errors.push(`The message's namespace is ${namespace ?? 'missing'}, not ${ERN_NAMESPACE} (ERN 4.3.1)`);
  if (!root.attributes.LanguageAndScriptCode) errors.push('NewReleaseMessage@LanguageAndScriptCode is required');

  const header = child(root, 'MessageHeader');
  if (!header) errors.push('MessageHeader is required');
  else {
    need(header, 'MessageHeader', 'MessageId');
    const sender = need(header, 'MessageHeader', 'MessageSender', 'PartyId');
    if (sender && !DPID.test(sender)) errors.push(`MessageHeader/MessageSender/PartyId ${sender} is not a DPID`);
    const recipient = need(header, 'MessageHeader', 'MessageRecipient', 'PartyId');
    if (recipient && !DPID.test(recipient)) errors.push(`MessageHeader/MessageRecipient/PartyId ${recipient} is not a DPID`);
    const created = need(header, 'MessageHeader', 'MessageCreatedDateTime');
    if (created && !DATETIME.test(created)) errors.push(`MessageHeader/MessageCreatedDateTime ${created} is not an ISO 8601 date-time`);
    const control = textAt(header, 'MessageControlType');
    if (control && control !== 'LiveMessage' && control !== 'TestMessage') errors.push(`MessageHeader/MessageControlType ${control} is neither LiveMessage nor TestMessage`);
  }

  const parties = new Set<string>();
  for (const p of childrenNamed(child(root, 'PartyList'), 'Party')) {
    const reference = need(p, 'PartyList/Party', 'PartyReference');
    if (reference && parties.has(reference)) errors.push(`PartyList: PartyReference ${reference} is used twice`);
    if (reference) parties.add(reference);
    need(p, `PartyList/Party[${reference ?? '?'}]`, 'PartyName', 'FullName');
  }
  const checkParty = (reference: string | undefined, where: string) => {
    if (reference && !parties.has(reference)) errors.push(`${where} refers to party ${reference}, which PartyList does not declare`);
  };

  const resources = new Set<string>();
  const resourceList = child(root, 'ResourceList');
  const recordings = childrenNamed(resourceList, 'SoundRecording');
  if (recordings.length === 0) errors.push('ResourceList has no SoundRecording');
  const declare = (node: XmlElement, kind: string) => {
    const reference = need(node, `ResourceList/${kind}`, 'ResourceReference');
    if (reference && resources.has(reference)) errors.push(`ResourceList: ResourceReference ${reference} is used twice`);
    if (reference) resources.add(reference);
    const file = child(child(child(node, 'TechnicalDetails'), 'DeliveryFile'), 'File');
    const where = `ResourceList/${kind}[${reference ?? '?'}]`;
    const uri = need(file, `${where}/TechnicalDetails/DeliveryFile/File`, 'URI');
    const hash = textAt(file, 'HashSum', 'HashSumValue');
    if (textAt(file, 'HashSum', 'Algorithm') !== 'SHA256' || !hash || !SHA256.test(hash)) errors.push(`${where}: the file needs a SHA256 HashSum`);
    else if (uri) files.push({ uri, sha256: hash });
    return where;
  };
  for (const recording of recordings) {
    const where = declare(recording, 'SoundRecording');
    const isrc = need(recording, where, 'ResourceId', 'ISRC');
    if (isrc && !isValidIsrc(isrc)) errors.push(`${where}: ISRC ${isrc} is not CC-XXX-YY-NNNNN`);
    need(recording, where, 'DisplayTitleText');
    need(recording, where, 'DisplayArtistName');
    const artists = childrenNamed(recording, 'DisplayArtist');
    if (artists.length === 0) errors.push(`${where}: DisplayArtist is required`);
    for (const artist of artists) checkParty(textAt(artist, 'ArtistPartyReference'), `${where}/DisplayArtist`);
    const contributors = childrenNamed(recording, 'Contributor');
    for (const contributor of contributors) checkParty(textAt(contributor, 'ContributorPartyReference'), `${where}/Contributor`);
    const containsAi = textAt(recording, 'ContainsAI');
    if (containsAi !== undefined && !(CONTAINS_AI_VALUES as readonly string[]).includes(containsAi)) errors.push(`${where}: ContainsAI ${containsAi} is not one of ${CONTAINS_AI_VALUES.join(', ')}`);
    if (containsAi === 'All' && contributors.some((contributor) => textAt(contributor, 'SpecialContributor') !== 'GenerativeAI')) errors.push(`${where}: ContainsAI All admits only GenerativeAI contributors`);
    if (!textAt(recording, 'DisplayCredits', 'DisplayCreditText')) errors.push(`${where}: DisplayCredits (with the AI-generation disclosure) is required`);
    const duration = textAt(recording, 'Duration');
    if (duration && !DURATION.test(duration)) errors.push(`${where}: Duration ${duration} is not ISO 8601`);
    need(recording, where, 'ParentalWarningType');
  }
  const images = childrenNamed(resourceList, 'Image');
  if (!images.some((image) => textAt(image, 'Type') === 'FrontCoverImage')) errors.push('ResourceList has no FrontCoverImage');
  for (const image of images) declare(image, 'Image');

  const releaseList = child(root, 'ReleaseList');
  const releases = new Set<string>();
  const mainReleases = childrenNamed(releaseList, 'Release');
  if (mainReleases.length !== 1) errors.push(`ReleaseList holds ${mainReleases.length} Release elements, not one`);
  for (const release of [...mainReleases, ...childrenNamed(releaseList, 'TrackRelease')]) {
    const kind = localName(release.name);
    const reference = need(release, `ReleaseList/${kind}`, 'ReleaseReference');
    if (reference && releases.has(reference)) errors.push(`ReleaseList: ReleaseReference ${reference} is used twice`);
    if (reference) releases.add(reference);
    const where = `ReleaseList/${kind}[${reference ?? '?'}]`;
    checkParty(need(release, where, 'ReleaseLabelReference'), `${where}/ReleaseLabelReference`);
    for (const ref of descendants(release, 'ReleaseResourceReference').concat(descendants(release, 'LinkedReleaseResourceReference'))) {
      if (!resources.has(ref.text)) errors.push(`${where} refers to resource ${ref.text || '(empty)'}, which ResourceList does not declare`);
    }
    if (kind === 'Release') {
      const upc = need(release, where, 'ReleaseId', 'ICPN');
      if (upc && !isValidUpc(upc)) errors.push(`${where}: ICPN ${upc} has a wrong check digit or length`);
      need(release, where, 'ReleaseType');
      need(release, where, 'DisplayTitleText');
      need(release, where, 'Genre', 'GenreText');
      for (const artist of childrenNamed(release, 'DisplayArtist')) checkParty(textAt(artist, 'ArtistPartyReference'), `${where}/DisplayArtist`);
      const date = textAt(release, 'ReleaseDate');
      if (date && !DATE.test(date)) errors.push(`${where}: ReleaseDate ${date} is not YYYY-MM-DD`);
      if (descendants(release, 'ReleaseResourceReference').length === 0) errors.push(`${where}: its ResourceGroup lists no resource`);
    }
  }

  const releaseDeals = childrenNamed(child(root, 'DealList'), 'ReleaseDeal');
  if (releaseDeals.length === 0) errors.push('DealList has no ReleaseDeal');
  for (const releaseDeal of releaseDeals) {
    const referenced = childrenNamed(releaseDeal, 'DealReleaseReference');
    if (referenced.length === 0) errors.push('DealList/ReleaseDeal: DealReleaseReference is required');
    for (const ref of referenced) if (!releases.has(ref.text)) errors.push(`DealList/ReleaseDeal refers to release ${ref.text || '(empty)'}, which ReleaseList does not declare`);
    const deals = childrenNamed(releaseDeal, 'Deal');
    if (deals.length === 0) errors.push('DealList/ReleaseDeal has no Deal');
    for (const deal of deals) {
      const terms = child(deal, 'DealTerms');
      const where = `DealList/ReleaseDeal/Deal[${textAt(deal, 'DealReference') ?? '?'}]`;
      if (!terms) {
        errors.push(`${where}: DealTerms is required`);
        continue;
      }
      const territories = childrenNamed(terms, 'TerritoryCode');
      if (territories.length === 0) errors.push(`${where}: TerritoryCode is required`);
      for (const t of territories) if (!TERRITORY.test(t.text)) errors.push(`${where}: TerritoryCode ${t.text} is neither Worldwide nor ISO 3166-1 alpha-2`);
      const models = childrenNamed(terms, 'CommercialModelType');
      if (models.length === 0) errors.push(`${where}: CommercialModelType is required`);
      for (const m of models) if (!COMMERCIAL_MODELS.has(m.text)) errors.push(`${where}: CommercialModelType ${m.text} is not an ERN 4.3 value this platform offers`);
      const uses = childrenNamed(terms, 'UseType');
      if (uses.length === 0) errors.push(`${where}: UseType is required`);
      for (const u of uses) if (!USE_TYPES.has(u.text)) errors.push(`${where}: UseType ${u.text} is not an ERN 4.3 value this platform offers`);
      const start = textAt(terms, 'ValidityPeriod', 'StartDate');
      if (!start || !DATE.test(start)) errors.push(`${where}: ValidityPeriod/StartDate (YYYY-MM-DD) is required`);
      const channel = textAt(terms, 'DistributionChannel', 'PartyId');
      if (!channel || !DPID.test(channel)) errors.push(`${where}: DistributionChannel/PartyId (the store's DPID) is required`);
      else dealRecipients.push(channel);
    }
  }
  return { valid: errors.length === 0, errors, files, dealRecipients: [...new Set(dealRecipients)] };
}
