// Questions for npm run bench:support, written as users ask them and apart from the FAQ's wording.
// Each answerable question names the passage id(s) that answer it (a prefix: `legal/privacy#who-can`
// matches every paragraph of that section). The development set is the only one thresholds are
// tuned on; the held-out set is run for the figures. The unanswerable questions are about things the
// product's documents do not cover; the handoff questions must reach a person whatever is found.

export interface AnswerableQuestion {
  question: string;
  expected: string[];
}

const faq = (category: string, entry: string) => `faq/${category}#${entry}`;

const CHECK_COMPARES = faq('copyright', 'what-does-the-copyright-check-compare-my-track-with');
const CHECK_DECIDES = faq('copyright', 'how-does-the-check-decide');
const HELD = faq('copyright', 'why-is-my-track-held-for-review');
const CONFLICT = faq('copyright', 'the-check-found-a-conflict-can-i-contest-it');
const REGISTERING = faq('copyright', 'what-does-registering-a-work-give-me');
const VERIFY = faq('copyright', 'can-anyone-check-a-certificate-without-trusting-goose');
const FILES = faq('music', 'which-files-can-i-upload');
const MASTERING = faq('music', 'what-does-mastering-do');
const LOUDNESS = faq('music', 'how-loud-will-my-master-be');
const PREVIEWS = faq('music', 'are-previews-free');
const CREATION = faq('music', 'can-goose-make-music-for-me');
const STORES = faq('music', 'can-i-release-my-music-to-stores');
const WHAT_IS = faq('platform', 'what-is-goose');
const NEW_ACCOUNT = faq('platform', 'what-does-a-new-account-get');
const SERVERS = faq('platform', 'does-every-goose-server-offer-the-same-features');
const USERNAME = faq('platform', 'is-my-username-public');
const NOTIFICATIONS = faq('platform', 'how-do-i-hear-about-what-happens-to-my-tracks');
const DATA = faq('platform', 'can-i-get-my-data-out-or-delete-my-account');
const STEP_COST = faq('pricing', 'what-does-each-step-cost');
const CHARGED = faq('pricing', 'when-am-i-charged');
const BUY = faq('pricing', 'how-do-i-buy-tokens');
const SUBSCRIPTIONS = faq('pricing', 'what-do-the-subscriptions-include');
const WITHDRAW = faq('pricing', 'can-i-withdraw-my-tokens');
const LOW = faq('pricing', 'what-happens-when-my-balance-runs-low');
const CONTRACT = faq('smart-contracts', 'what-is-a-royalty-contract-on-goose');
const TEMPLATES = faq('smart-contracts', 'which-templates-are-there');
const CONTRACT_COST = faq('smart-contracts', 'does-a-contract-cost-anything');
const COLLABORATORS = faq('smart-contracts', 'how-do-i-share-royalties-with-collaborators');
const PAYOUTS = faq('smart-contracts', 'when-are-royalties-paid-and-how');
const EARNINGS = faq('smart-contracts', 'where-do-a-contract-s-earnings-come-from');
const CONTRACT_DISPUTE = faq('smart-contracts', 'what-happens-to-my-contract-during-a-dispute');
const API = faq('technical', 'how-do-i-use-the-developer-api');
const API_LIMITS = faq('technical', 'what-are-the-api-limits-and-prices');
const KEY_SUSPENDED = faq('technical', 'why-was-my-api-key-suspended');
const NOT_AVAILABLE = faq('technical', 'why-does-a-screen-say-not-available-on-this-server');
const SAFE = faq('technical', 'how-is-my-account-kept-safe');
const SIZE = faq('technical', 'is-there-a-limit-on-upload-size');
const BALANCE_WRONG = faq('technical', 'why-does-my-token-balance-look-wrong');

export const DEV_ANSWERABLE: AnswerableQuestion[] = [
  { question: 'what does the plagiarism scan look at', expected: [CHECK_COMPARES, 'legal/oracle#what-it-compares-with'] },
  { question: 'how is the clearance score worked out', expected: [CHECK_DECIDES, 'legal/oracle#the-published-rule'] },
  { question: 'what do I receive after registering a song', expected: [REGISTERING] },
  { question: 'which audio formats are accepted', expected: [FILES, 'legal/terms#what-you-may-upload'] },
  { question: 'what happens to my audio when it gets mastered', expected: [MASTERING] },
  { question: 'do I pay for listening to a preview', expected: [PREVIEWS] },
  { question: 'can the app compose a song for me', expected: [CREATION] },
  { question: 'how many free tokens come with signing up', expected: [NEW_ACCOUNT] },
  { question: 'can other people see my email address', expected: [USERNAME, 'legal/privacy#who-can-see-your-data'] },
  { question: 'how can I download everything you have stored on me', expected: [DATA, 'legal/privacy#exporting-your-data'] },
  { question: 'price of a copyright registration', expected: [STEP_COST, 'legal/terms#tokens-and-prices'] },
  { question: 'is my card billed monthly for a plan', expected: [SUBSCRIPTIONS, CHARGED] },
  { question: 'what royalty split templates can I pick from', expected: [TEMPLATES, 'legal/smart-contracts#templates'] },
  { question: 'how do I add my producer so they get a cut', expected: [COLLABORATORS, 'legal/smart-contracts#receivers'] },
  { question: 'how often do payouts happen', expected: [PAYOUTS, 'legal/smart-contracts#payouts'] },
  { question: 'how many calls a day does the free API plan allow', expected: [API_LIMITS, 'legal/api#tiers-and-limits'] },
  { question: 'how long does a login session last', expected: [SAFE] },
  { question: 'biggest file size I can send', expected: [SIZE] },
  { question: 'can I move tokens out to polygon', expected: [WITHDRAW, 'legal/terms#withdrawals'] },
  { question: 'what is this platform for', expected: [WHAT_IS] },
  { question: 'what loudness target does the master use', expected: [LOUDNESS] },
  { question: 'where does contract income come from', expected: [EARNINGS, 'legal/smart-contracts#where-the-money-comes-from'] },
  { question: 'how do I get notified when something changes with my uploads', expected: [NOTIFICATIONS] },
  { question: 'how to send my key with api requests', expected: [API, 'legal/api#keys'] },
  { question: 'why do some features show as unavailable', expected: [NOT_AVAILABLE, SERVERS] },
];

export const DEV_UNANSWERABLE: string[] = [
  'what is the capital of canada',
  'do you sell studio monitors',
  'can I order a pizza through this',
  'recommend a good reverb plugin',
  'is there a desktop app for windows',
  'how tall is mount everest',
  'can you fix my car radio',
  'do you have a discord server',
  'what time is it in tokyo',
  'can I rent a rehearsal room',
  'can I pay with apple pay',
  'do you have an android app',
  'is there a family plan for several users',
  'can I upload a music video',
  'does goose pitch my songs to playlist curators',
  'is there a dark mode',
  'can I get a printed certificate posted to me',
  'can I transfer my account to another person',
  'who owns goose',
  'can I connect my soundcloud account',
];

export const HELD_OUT_ANSWERABLE: AnswerableQuestion[] = [
  { question: 'against which catalogue is my song scanned for copying', expected: [CHECK_COMPARES, 'legal/oracle#what-it-compares-with'] },
  { question: 'does the originality check search spotify or youtube', expected: [CHECK_COMPARES, 'legal/oracle#what-it-compares-with'] },
  { question: 'what score do I need to pass the copyright scan', expected: [CHECK_DECIDES, 'legal/oracle#the-published-rule', 'legal/oracle#the-outcomes'] },
  { question: 'which metrics go into the oracle verdict', expected: [CHECK_DECIDES, 'legal/oracle#what-it-looks-for', 'legal/oracle#the-published-rule'] },
  { question: 'a reviewer has to look at my upload before it can be registered, why', expected: [HELD, 'legal/copyright#review-of-held-tracks'] },
  { question: 'the scan says my beat clashes with another registered piece, can I object', expected: [CONFLICT] },
  { question: 'what proof do I get once a work is registered', expected: [REGISTERING] },
  { question: 'is a registration certificate the same as owning the copyright', expected: [REGISTERING, 'legal/copyright#your-rights-in-your-work'] },
  { question: 'how can a third party verify my certificate independently', expected: [VERIFY] },
  { question: 'where do I download a proof bundle to check it offline', expected: [VERIFY] },
  { question: 'can I upload flac or only mp3', expected: [FILES, 'legal/terms#what-you-may-upload'] },
  { question: 'what file types does the uploader take', expected: [FILES, 'legal/terms#what-you-may-upload'] },
  { question: 'what exactly does the mastering engine change in a mix', expected: [MASTERING] },
  { question: 'how many LUFS will the finished master be', expected: [LOUDNESS] },
  { question: 'are mastering previews charged', expected: [PREVIEWS] },
  { question: 'is there AI song generation here', expected: [CREATION] },
  { question: 'how do I get my tune onto streaming platforms like apple music', expected: [STORES] },
  { question: 'explain in short what goose does', expected: [WHAT_IS] },
  { question: 'is there a sign up bonus', expected: [NEW_ACCOUNT] },
  { question: 'how much is one token worth in dollars', expected: [NEW_ACCOUNT, STEP_COST, BUY, 'legal/terms#tokens-and-prices'] },
  { question: 'why does another goose site have options this one lacks', expected: [SERVERS, NOT_AVAILABLE] },
  { question: 'will my artist name be shown publicly on certificates', expected: [USERNAME, 'legal/privacy#who-can-see-your-data', 'legal/terms#your-account'] },
  { question: 'where do I choose which alerts get emailed to me', expected: [NOTIFICATIONS] },
  { question: 'how do I close my account for good', expected: [DATA, 'legal/privacy#deleting-your-account', 'legal/terms#ending-your-account'] },
  { question: 'can I get a zip copy of my personal data', expected: [DATA, 'legal/privacy#exporting-your-data'] },
  { question: 'what is the price of mastering a track', expected: [STEP_COST, 'legal/terms#tokens-and-prices'] },
  { question: 'at what moment are tokens taken from my account', expected: [CHARGED, 'legal/terms#tokens-and-prices'] },
  { question: 'how can I top up tokens', expected: [BUY, 'legal/terms#buying-tokens'] },
  { question: 'what does the pro monthly plan give me', expected: [SUBSCRIPTIONS] },
  { question: 'can tokens be cashed out to a crypto wallet', expected: [WITHDRAW, 'legal/terms#withdrawals'] },
  { question: 'what happens if I run out of tokens midway', expected: [LOW, CHARGED] },
  { question: 'define a royalty agreement on this site', expected: [CONTRACT, 'legal/smart-contracts#creating-a-contract'] },
  { question: 'what percentage does the platform keep on the standard template', expected: [TEMPLATES, 'legal/smart-contracts#templates'] },
  { question: 'does deploying a royalty deal cost XRP', expected: [CONTRACT_COST, 'legal/smart-contracts#recording-on-the-xrp-ledger'] },
  { question: 'how do I give my co-writer a percentage of earnings', expected: [COLLABORATORS, 'legal/smart-contracts#receivers'] },
  { question: 'what is the minimum amount before a payout is made', expected: [PAYOUTS, 'legal/smart-contracts#payouts'] },
  { question: 'do self uploaded sales reports pay out money', expected: [EARNINGS, 'legal/smart-contracts#where-the-money-comes-from'] },
  { question: 'are payouts paused while a claim against the song is open', expected: [CONTRACT_DISPUTE, 'legal/smart-contracts#disputes'] },
  { question: 'how do I start integrating with your REST interface', expected: [API, 'legal/api#what-the-api-offers', 'legal/api#keys'] },
  { question: 'how much does each call on the enterprise tier cost', expected: [API_LIMITS, 'legal/api#tiers-and-limits'] },
  { question: 'my developer key stopped working and says suspended', expected: [KEY_SUSPENDED, 'legal/api#suspension'] },
  { question: 'why can I not pay by card on this instance', expected: [NOT_AVAILABLE, SERVERS] },
  { question: 'how are passwords stored', expected: [SAFE] },
  { question: 'how many wrong password attempts before I am locked', expected: [SAFE] },
  { question: 'what is the maximum size of an uploaded file', expected: [SIZE] },
  { question: 'spendable tokens lower than the ledger figure, why', expected: [BALANCE_WRONG] },
  { question: 'what data does goose keep about users', expected: ['legal/privacy#what-goose-stores-about-you', DATA] },
  { question: 'is card data stored on your servers', expected: ['legal/privacy#payments'] },
  { question: 'do you keep ip addresses in logs', expected: ['legal/privacy#server-logs'] },
  { question: 'how long does the other side have to reply to a claim', expected: ['legal/copyright#deadlines', 'faq/copyright#someone-registered-my-music-what-can-i-do'] },
  { question: 'how accurate is the oracle in tests', expected: ['legal/oracle#measured-accuracy'] },
  { question: 'what can a reviewer decide on a held upload', expected: ['legal/copyright#review-of-held-tracks', HELD] },
  { question: 'will the terms change and will I be told', expected: ['legal/terms#changes-to-these-terms', 'legal/terms#about-these-terms'] },
  { question: 'can an account be suspended for uploading stolen songs', expected: ['legal/terms#what-you-may-upload', 'legal/copyright#notices-about-works-on-goose'] },
  { question: 'what does goose not guarantee about uptime', expected: ['legal/terms#what-goose-does-not-promise', 'legal/api#what-is-not-promised'] },
  { question: 'is a royalty contract a legal security or investment', expected: ['legal/smart-contracts#what-a-contract-is-not'] },
  { question: 'does the ledger record my contract', expected: ['legal/smart-contracts#recording-on-the-xrp-ledger', CONTRACT_COST] },
  { question: 'which payment provider handles card purchases', expected: [BUY, 'legal/privacy#payments', 'legal/terms#buying-tokens'] },
  { question: 'how many requests per minute can one key send', expected: [API_LIMITS, 'legal/api#tiers-and-limits'] },
  { question: 'can I check a song shorter than a couple of seconds', expected: [SIZE] },
];

export const HELD_OUT_UNANSWERABLE: string[] = [
  'what is the weather like in lisbon tomorrow',
  'can I pay with paypal',
  'do you have an iphone app',
  'who is the founder and ceo',
  'is there a student discount',
  'can I sell t-shirts and merch here',
  'do you press vinyl records',
  'which microphone should I buy for vocals',
  'suggest a chord progression for a sad ballad',
  'can I book a venue for a live gig',
  'how do I change the interface language to french',
  'does goose support dolby atmos mixing',
  'can two producers edit one session at the same time in the browser',
  'what are your office opening hours',
  'is goose listed on the stock market',
  'how do I reset my wifi router',
  'can you recommend a good music school in berlin',
  'do you offer sync licensing deals with netflix',
  'what is the best daw for beginners',
  'can I get a vat invoice for my purchase',
];

/** Each must reach a person, with the reason given. */
export const MUST_HAND_OVER: Array<{ question: string; reason: string }> = [
  { question: 'I want my money back for the tokens I bought yesterday', reason: 'refund' },
  { question: 'please refund the mastering charge', reason: 'refund' },
  { question: 'someone stole my song and registered it as theirs', reason: 'dispute' },
  { question: 'I want to appeal the decision on my case', reason: 'dispute' },
  { question: 'my lawyer will send you a cease and desist letter', reason: 'legal-notice' },
  { question: 'I think my account was hacked', reason: 'account-security' },
  { question: 'there was a login from a country I have never been to, suspicious activity', reason: 'account-security' },
  { question: 'can I talk to a real person please', reason: 'asked-for-person' },
  { question: 'I would like to speak with someone from support', reason: 'asked-for-person' },
  { question: 'I was charged twice for a subscription', reason: 'refund' },
];
