// The phrase grammar the lyrics are written from: line templates with slots, the words that fill
// them, by mood and genre, and the words a prompt's keywords are picked from. All of it is written
// for this product (no line comes from an existing song).
//
// Slots: {K} a key phrase from the prompt ({TK} with "the" before it, unless it is a name), {N} a noun, {A} an adjective, {X} the vocal style's
// interjection, and at the end of every line one rhyme slot: {R:n} a noun after "the"/"my", {R:v} a
// verb in its base form, {R:a} an adjective. Lines of a pair end in words that rhyme.

export type EndPos = 'n' | 'v' | 'a';

export interface Template {
  text: string;
  end: EndPos;
}

function templates(...lines: string[]): Template[] {
  return lines.map((text) => {
    const end = /\{R:([nva])\}[.,!?]?$/.exec(text)?.[1];
    if (!end) throw new Error(`Template "${text}" must end in a rhyme slot`);
    return { text, end: end as EndPos };
  });
}

/** The words that can end a line, by part of speech; the ones sharing a rhyme are paired. */
export const ENDINGS: Record<EndPos, readonly string[]> = {
  n: [
    'night', 'light', 'sight', 'flight', 'sky', 'eye', 'fire', 'desire', 'wire', 'heart', 'start', 'art', 'rain', 'chain', 'train', 'lane', 'pain',
    'day', 'way', 'ray', 'bay', 'dream', 'stream', 'beam', 'sea', 'tree', 'key', 'time', 'rhyme', 'soul', 'goal', 'road', 'home', 'song', 'ground',
    'sound', 'sun', 'place', 'face', 'space', 'grace', 'door', 'floor', 'shore', 'name', 'flame', 'game', 'frame', 'air', 'gold', 'mind', 'side',
    'ride', 'tide', 'glow', 'show', 'snow', 'wave', 'stars', 'cars', 'scars', 'eyes', 'skies', 'lights', 'nights', 'heights', 'street', 'beat',
    'heat', 'feet', 'past', 'stone', 'chance', 'dance', 'year', 'town', 'crown', 'line', 'sign', 'moon', 'tune', 'june', 'end', 'friend',
  ],
  v: [
    'fly', 'try', 'cry', 'fight', 'shine', 'rise', 'fall', 'call', 'stay', 'play', 'pray', 'go', 'know', 'grow', 'run', 'burn', 'turn', 'learn',
    'hold', 'find', 'hide', 'ride', 'breathe', 'believe', 'leave', 'dream', 'feel', 'heal', 'start', 'stand', 'land', 'understand', 'begin',
    'win', 'spin', 'care', 'dare', 'share', 'sing', 'bring', 'break', 'shake', 'wake', 'take', 'see', 'be', 'roll', 'dance', 'meet', 'sleep',
    'keep', 'survive', 'arrive', 'drive', 'ignite', 'unite', 'remain', 'explain', 'belong', 'move', 'prove', 'lose', 'choose', 'stop',
  ],
  a: [
    'bright', 'right', 'white', 'alive', 'free', 'high', 'strong', 'long', 'wrong', 'young', 'cold', 'bold', 'old', 'blind', 'kind', 'wide', 'slow',
    'low', 'brave', 'true', 'new', 'blue', 'clear', 'near', 'real', 'alone', 'wild', 'lost', 'done', 'fine', 'sweet', 'deep', 'fast', 'gone',
  ],
};

export type MoodFamily = 'bright' | 'tender' | 'blue' | 'calm' | 'dark' | 'epic';

interface MoodWords {
  nouns: readonly string[];
  adjectives: readonly string[];
  verse: Template[];
  chorus: Template[];
  /** What the song is about when the prompt names nothing. */
  theme: string;
}

/** A mood's own words and lines, added to the shared ones. */
export const MOODS: Record<MoodFamily, MoodWords> = {
  bright: {
    nouns: ['sunlight', 'summer', 'music', 'weekend', 'rhythm', 'party', 'city', 'feeling', 'heartbeat', 'crowd'],
    adjectives: ['golden', 'electric', 'shining', 'endless', 'restless', 'dizzy'],
    verse: templates('Turn it up, the {N} is {R:a}', 'Jumping in the {A} {R:n}', 'Nothing in the world can make us {R:v}', 'Dancing with the {N} till we {R:v}'),
    chorus: templates('{X}, {K}, we are {R:a}', 'Hands up to the {A} {R:n}', 'Feel it in your {R:n}'),
    theme: 'tonight',
  },
  tender: {
    nouns: ['moonlight', 'heartbeat', 'whisper', 'promise', 'candle', 'morning', 'kiss', 'touch'],
    adjectives: ['gentle', 'tender', 'warm', 'soft', 'silver', 'precious'],
    verse: templates('Your {A} {N} across my {R:n}', 'Every little {N} I {R:v}', 'Close enough to feel your {R:n}', 'Stay with me, the {N} is {R:a}'),
    chorus: templates('{X}, {K}, you are my {R:n}', 'Hold me in the {A} {R:n}', 'Only you can make me {R:v}'),
    theme: 'you and me',
  },
  blue: {
    nouns: ['memory', 'letter', 'photograph', 'silence', 'shadow', 'winter', 'echo', 'raincoat'],
    adjectives: ['empty', 'faded', 'broken', 'quiet', 'lonely', 'distant'],
    verse: templates('A {A} {N} on the {R:n}', 'I keep your {N} but I {R:v}', 'The {N} says you are {R:a}', 'Another {A} {N}, another {R:n}'),
    chorus: templates('{X}, {K}, where did you {R:v}', 'Missing you in the {A} {R:n}', 'I was never meant to be {R:a}'),
    theme: 'yesterday',
  },
  calm: {
    nouns: ['river', 'ocean', 'breeze', 'morning', 'garden', 'cloud', 'meadow', 'candle'],
    adjectives: ['quiet', 'gentle', 'easy', 'slow', 'endless', 'soft'],
    verse: templates('Let the {A} {N} {R:v}', 'Drifting with the {N} and the {R:n}', 'Nothing here we have to {R:v}', 'The {N} is {A} and {R:a}'),
    chorus: templates('{X}, {K}, let it {R:v}', 'Breathing with the {A} {R:n}', 'Here the world is {R:a}'),
    theme: 'the open sky',
  },
  dark: {
    nouns: ['shadow', 'thunder', 'midnight', 'storm', 'siren', 'mirror', 'smoke', 'static'],
    adjectives: ['hollow', 'restless', 'burning', 'heavy', 'silent', 'wicked'],
    verse: templates('Something in the {N} is {R:a}', 'I hear the {A} {N} {R:v}', 'Behind the {N} there is a {R:n}', 'The {A} {N} will never {R:v}'),
    chorus: templates('{X}, {K}, it will not {R:v}', 'Lost inside the {A} {R:n}', 'No one gets out {R:a}'),
    theme: 'the dark',
  },
  epic: {
    nouns: ['thunder', 'mountain', 'kingdom', 'anthem', 'horizon', 'legend', 'banner', 'heartbeat'],
    adjectives: ['endless', 'mighty', 'burning', 'fearless', 'rising', 'golden'],
    verse: templates('Standing on the {A} {R:n}', 'We carry every {N} we {R:v}', 'The {N} is calling, we are {R:a}', 'From the {N} up to the {R:n}'),
    chorus: templates('{X}, {K}, we will {R:v}', 'Raise your voice to the {A} {R:n}', 'Together we are {R:a}'),
    theme: 'the sky',
  },
};

/** Lines any mood may use. */
export const SHARED = {
  verse: templates(
    'I still remember {TK} and the {R:n}',
    'We were chasing {TK} through the {R:n}',
    'Every {N} I find leads to the {R:n}',
    'Underneath the {A} {N}, we {R:v}',
    'You and I, we never had to {R:v}',
    'Counting every {N} until we {R:v}',
    'There is a {A} {N} and it feels so {R:a}',
    'Holding on to {TK}, holding on to the {R:n}',
    'I can feel the {N} inside my {R:n}',
    'Tell me how it feels to be so {R:a}',
    'When the {N} is calling, I {R:v}',
    'Talking about {TK} till the {N} is {R:a}',
    'Out there in {TK}, we are {R:a}',
    'Dreaming of {TK} and the {A} {R:n}',
    'Nobody knows {TK} like we {R:v}',
    'Give me {TK} and I will {R:v}',
    'Thinking of {TK} is all I {R:v}',
    'All this {N} and all this {R:n}',
  ),
  chorus: templates(
    '{K}, take me to the {R:n}',
    '{K}, you make me {R:v}',
    'We got {K} and we {R:v}',
    'This is {K}, this is our {R:n}',
    'Say it loud, {K}, we are {R:a}',
    'Never gonna let it {R:v}',
    'We are {A}, we are {R:a}',
  ),
  bridge: templates(
    'And if the {N} should fall, I {R:v}',
    'Maybe we were meant to {R:v}',
    'Slow it down and let the {N} {R:v}',
    'Just one more {N}, one more {R:n}',
    'When it all comes back to {K}, we {R:v}',
    'Somewhere past the {A} {R:n}',
  ),
};

/** Which mood family a mood belongs to, by the words in its name; anything else is bright. */
export function moodFamily(mood: string): MoodFamily {
  const name = mood.toLowerCase();
  const match = (words: string[]) => words.some((word) => name.includes(word));
  if (match(['romantic', 'love', 'sensual', 'sweet', 'dreamy', 'tender'])) return 'tender';
  if (match(['sad', 'melanchol', 'nostalg', 'lonely', 'emotional', 'sentimental', 'somber', 'blue'])) return 'blue';
  if (match(['calm', 'chill', 'relax', 'peace', 'ambient', 'meditat', 'mellow', 'serene'])) return 'calm';
  if (match(['dark', 'myster', 'tense', 'angry', 'aggress', 'intense', 'haunt', 'eerie', 'suspense'])) return 'dark';
  if (match(['epic', 'power', 'inspir', 'triumph', 'hope', 'motivat', 'heroic', 'cinematic'])) return 'epic';
  return 'bright';
}

export interface GenreProfile {
  /** Syllables a verse line aims at; a chorus line aims one fewer, a bridge line two fewer. */
  syllables: number;
  /** AABB rhymes lines in couplets, ABAB alternately. */
  schemes: readonly ('AABB' | 'ABAB')[];
  nouns: readonly string[];
}

const GENRES: { words: string[]; profile: GenreProfile }[] = [
  { words: ['hip', 'rap', 'trap', 'drill', 'grime'], profile: { syllables: 11, schemes: ['AABB'], nouns: ['block', 'hustle', 'skyline', 'microphone'] } },
  { words: ['rock', 'metal', 'punk', 'grunge', 'indie'], profile: { syllables: 8, schemes: ['AABB', 'ABAB'], nouns: ['guitar', 'highway', 'engine', 'amplifier'] } },
  { words: ['country', 'folk', 'bluegrass', 'americana'], profile: { syllables: 9, schemes: ['ABAB', 'AABB'], nouns: ['highway', 'porch light', 'river', 'pickup truck'] } },
  { words: ['jazz', 'blues', 'soul', 'r&b', 'rnb', 'funk', 'gospel'], profile: { syllables: 8, schemes: ['ABAB', 'AABB'], nouns: ['saxophone', 'velvet', 'piano', 'neon sign'] } },
  { words: ['electr', 'edm', 'house', 'techno', 'dance', 'trance', 'dubstep', 'synth'], profile: { syllables: 7, schemes: ['AABB'], nouns: ['bassline', 'strobe light', 'dance floor', 'laser'] } },
  { words: ['classical', 'orchestr', 'ambient', 'lo-fi', 'lofi', 'cinematic', 'new age'], profile: { syllables: 7, schemes: ['ABAB'], nouns: ['symphony', 'candlelight', 'violin', 'cathedral'] } },
  { words: ['reggae', 'latin', 'afro', 'world', 'k-pop', 'kpop'], profile: { syllables: 8, schemes: ['AABB', 'ABAB'], nouns: ['island', 'drumbeat', 'sunset', 'carnival'] } },
];

const DEFAULT_GENRE: GenreProfile = { syllables: 8, schemes: ['AABB', 'ABAB'], nouns: ['radio', 'melody', 'headlights'] };

/** The line length, rhyme schemes and extra nouns of a genre, by the words in its name. */
export function genreProfile(genre: string): GenreProfile {
  const name = genre.toLowerCase();
  return GENRES.find((entry) => entry.words.some((word) => name.includes(word)))?.profile ?? DEFAULT_GENRE;
}

/** The word a vocal style sings between phrases. */
export function interjection(vocalStyle: string): string {
  const style = vocalStyle.toLowerCase();
  if (style.includes('rock')) return 'Yeah';
  if (style.includes('jazz') || style.includes('r&b') || style.includes('soul')) return 'Ooh';
  if (style.includes('classical')) return 'Ah';
  if (style.includes('country')) return 'Well';
  return 'Oh';
}

/** Words a prompt's keywords are never taken from: function words and what every song request says. */
export const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does ' +
    'doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than ' +
    'that the their theirs them themselves then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours yourself yourselves im ive id youre dont cant wont lets gonna wanna get got ' +
    'song songs track tracks music tune tunes beat beats lyric lyrics verse chorus bridge hook vibe vibes vibey style styled genre sound sounds ' +
    'sounding bpm tempo feat featuring make made making want wanted like write written please something someone really kind sort type ' +
    'also maybe much many one two three four minute minutes second seconds long short slow fast fashioned ' +
    'pop rock jazz blues country folk rap hip hop trap metal punk classical electronic edm house techno funk soul reggae latin ambient ' +
    'instrumental vocal vocals singer sung sing sings singing mood genre upbeat downbeat ' +
    // Words that describe the sound or mood rather than what the song is about.
    'happy sad energetic dreamy chill melancholic melancholy romantic dark epic calm relaxing relaxed uplifting emotional catchy groovy ' +
    'moody atmospheric cinematic acoustic soft heavy mellow funky jazzy powerful intense peaceful nostalgic aggressive mysterious ' +
    'inspiring inspirational motivational hopeful angry lonely playful fun dramatic ethereal lush punchy slowed modern retro'
  ).split(' '),
);
