// More development questions for npm run bench:support (thresholds are tuned on these, never on the
// held-out set), written as users ask, from the FAQ and legal documents' content.
import type { AnswerableQuestion } from './support-questions';

/** Each names the FAQ entry id(s) and/or legal section prefix(es) whose text answers it. */
export const MORE_DEV_ANSWERABLE: AnswerableQuestion[] = [
  // faq/copyright
  {
    question: 'does ur copyright scan check my beat against spotify / youtube content id or only stuff uploaded on here?',
    expected: [
      'faq/copyright#what-does-the-copyright-check-compare-my-track-with',
      'legal/oracle#what-it-compares-with',
      'legal/copyright#before-registration-the-copyright-check',
      'legal/terms#what-goose-does-not-promise',
    ],
  },
  {
    question: 'my track came back "cleared" - so im totally safe to put it out even tho theres a sample from an old record in it?',
    expected: [
      'faq/copyright#what-does-the-copyright-check-compare-my-track-with',
      'legal/oracle#the-outcomes',
      'legal/terms#what-goose-does-not-promise',
    ],
  },
  {
    question: 'how does the oracle come up with the clearance score and what number do I need to pass',
    expected: ['faq/copyright#how-does-the-check-decide', 'legal/oracle#the-published-rule', 'legal/oracle#the-outcomes'],
  },
  {
    question: 'song is stuck on held, says a section looks copied from somebody elses tune. who actually listens to it and decides?',
    expected: [
      'faq/copyright#why-is-my-track-held-for-review',
      'legal/oracle#the-outcomes',
      'legal/copyright#review-of-held-tracks',
    ],
  },
  {
    question: 'got a conflict result on my new track, what info does it give me about the other song it matched with?',
    expected: ['faq/copyright#the-check-found-a-conflict-can-i-contest-it', 'legal/oracle#the-outcomes'],
  },
  {
    question: 'what do i actually get for registering a song here, is it like an official copyright or nah',
    expected: ['faq/copyright#what-does-registering-a-work-give-me', 'legal/copyright#your-rights-in-your-work'],
  },
  {
    question: 'if another user files a claim against one of my tracks how many days have I got to answer it before it just gets decided?',
    expected: ['faq/copyright#someone-registered-my-music-what-can-i-do', 'legal/copyright#deadlines'],
  },
  {
    question: 'a label wants to verify my certificate is legit without just taking goose\'s word for it. how would they do that',
    expected: ['faq/copyright#can-anyone-check-a-certificate-without-trusting-goose'],
  },
  // faq/music
  {
    question: 'can i upload flac? and what about a video file of my live set, will it take the audio from that',
    expected: ['faq/music#which-files-can-i-upload', 'legal/terms#what-you-may-upload'],
  },
  {
    question: 'wat formats can the mastring export to, can i get an mp3 out of it',
    expected: ['faq/music#what-does-mastering-do'],
  },
  {
    question: 'what LUFS does the high loudness setting hit',
    expected: ['faq/music#how-loud-will-my-master-be'],
  },
  {
    question: 'do i pay anything just to listen to a preview of the master before i commit to the full one',
    expected: [
      'faq/music#are-previews-free',
      'faq/pricing#what-does-each-step-cost',
      'legal/terms#tokens-and-prices',
    ],
  },
  {
    question: 'can the ai write me a chill lofi beat from scratch? is it some neural net thing',
    expected: ['faq/music#can-goose-make-music-for-me'],
  },
  {
    question: 'can I get my single onto spotify and apple music through you guys and how much is the distro',
    expected: [
      'faq/music#can-i-release-my-music-to-stores',
      'faq/pricing#what-does-each-step-cost',
      'legal/terms#tokens-and-prices',
      'legal/terms#what-goose-does-not-promise',
    ],
  },
  {
    question: "what's this sandbox thing on releases, does anything actually get sent to the stores?",
    expected: [
      'faq/music#can-i-release-my-music-to-stores',
      'legal/terms#what-goose-does-not-promise',
      'legal/terms#tokens-and-prices',
    ],
  },
  // faq/platform
  {
    question: 'so what is goose exactly? like what can i do with it from start to finish',
    expected: ['faq/platform#what-is-goose'],
  },
  {
    question: 'do new accounts get any free credits to try stuff out?',
    expected: ['faq/platform#what-does-a-new-account-get', 'legal/terms#tokens-and-prices'],
  },
  {
    question: 'why can my mate buy tokens with a card on his goose server but the one im on cant',
    expected: [
      'faq/platform#does-every-goose-server-offer-the-same-features',
      'faq/technical#why-does-a-screen-say-not-available-on-this-server',
      'faq/pricing#how-do-i-buy-tokens',
      'legal/terms#about-these-terms',
    ],
  },
  {
    question: 'will people see my email on my registered tracks or just my artist name?',
    expected: [
      'faq/platform#is-my-username-public',
      'legal/privacy#who-can-see-your-data',
      'legal/privacy#what-goose-stores-about-you',
      'legal/terms#your-account',
    ],
  },
  {
    question: 'can i get emails when stuff happens with my tracks instead of checking the little bell all the time',
    expected: ['faq/platform#how-do-i-hear-about-what-happens-to-my-tracks', 'legal/privacy#mail'],
  },
  {
    question: 'how do I download a copy of all the data you have on me',
    expected: ['faq/platform#can-i-get-my-data-out-or-delete-my-account', 'legal/privacy#exporting-your-data'],
  },
  {
    question: 'i want to close my account for good but it wont let me, what could be stopping it',
    expected: [
      'faq/platform#can-i-get-my-data-out-or-delete-my-account',
      'legal/privacy#deleting-your-account',
      'legal/terms#ending-your-account',
    ],
  },
  // faq/pricing
  {
    question: 'how many tokens to register a track vs just mastering it',
    expected: ['faq/pricing#what-does-each-step-cost', 'legal/terms#tokens-and-prices'],
  },
  {
    question: 'if the master crashes halfway through do i lose my 5 credits?',
    expected: [
      'faq/pricing#when-am-i-charged',
      'faq/pricing#can-i-get-a-refund',
      'legal/terms#tokens-and-prices',
      'legal/terms#refunds',
    ],
  },
  {
    question: 'how do I top up my credits, what packs do you sell?',
    expected: ['faq/pricing#how-do-i-buy-tokens', 'legal/terms#buying-tokens'],
  },
  {
    question: 'can i pay for tokens in XRP instead of a card',
    expected: ['faq/pricing#how-do-i-buy-tokens', 'legal/terms#buying-tokens'],
  },
  {
    question: "what's the difference between the gold and platinum plans, and does any of the subs cover mastering?",
    expected: ['faq/pricing#what-do-the-subscriptions-include'],
  },
  {
    question: 'how do i cancel my monthly subscription, i cant find a button anywhere',
    expected: ['legal/terms#buying-tokens'],
  },
  {
    question: 'bought a license with tokens and the purchase errored out, are those tokens just gone now?',
    expected: ['faq/pricing#can-i-get-a-refund', 'legal/terms#refunds'],
  },
  {
    question: 'can i cash out my tokens to a crypto wallet?',
    expected: ['faq/pricing#can-i-withdraw-my-tokens', 'legal/terms#withdrawals'],
  },
  {
    question: 'will it warn me before i run out of tokens in the middle of a project',
    expected: ['faq/pricing#what-happens-when-my-balance-runs-low', 'legal/terms#tokens-and-prices'],
  },
  // faq/smart-contracts
  {
    question: 'what even is a royalty contract on here, how does it work',
    expected: [
      'faq/smart-contracts#what-is-a-royalty-contract-on-goose',
      'legal/smart-contracts#about-these-terms',
      'legal/smart-contracts#creating-a-contract',
    ],
  },
  {
    question: 'what split options are there for royalites and how much does the platform keep?',
    expected: ['faq/smart-contracts#which-templates-are-there', 'legal/smart-contracts#templates'],
  },
  {
    question: 'can I set a custom split like 90/10 with the platform instead of the presets',
    expected: ['faq/smart-contracts#which-templates-are-there', 'legal/smart-contracts#templates'],
  },
  {
    question: 'do i need xrp in my wallet to set up a contract? how much exactly',
    expected: ['faq/smart-contracts#does-a-contract-cost-anything', 'legal/smart-contracts#recording-on-the-xrp-ledger'],
  },
  {
    question: 'how do i give my producer and the featured artist a cut of what the track earns',
    expected: ['faq/smart-contracts#how-do-i-share-royalties-with-collaborators', 'legal/smart-contracts#receivers'],
  },
  {
    question: 'when do the royalty payouts actually happen, is it monthly? is there a minimum?',
    expected: ['faq/smart-contracts#when-are-royalties-paid-and-how', 'legal/smart-contracts#payouts'],
  },
  {
    question: 'i uploaded my sales report from my distributor myself, why hasnt my contract paid out a cent',
    expected: [
      'faq/smart-contracts#where-do-a-contract-s-earnings-come-from',
      'legal/smart-contracts#where-the-money-comes-from',
    ],
  },
  {
    question: 'if somebody opens a case about my song, does my royalty contract keep paying during it?',
    expected: [
      'faq/smart-contracts#what-happens-to-my-contract-during-a-dispute',
      'legal/smart-contracts#disputes',
      'legal/copyright#filing-a-dispute',
      'legal/terms#disputes',
    ],
  },
  {
    question: 'can one track have two different royalty contracts on it?',
    expected: ['legal/smart-contracts#creating-a-contract'],
  },
  {
    question: 'is it the xrp ledger itself that sends out the royalty payments or is that goose',
    expected: ['legal/smart-contracts#what-a-contract-is-not'],
  },
  // faq/technical
  {
    question: 'how do i get an api key and where does it go in my requests?',
    expected: ['faq/technical#how-do-i-use-the-developer-api', 'legal/api#about-these-terms'],
  },
  {
    question: 'whats the rate limit per minute on the api, and do pro calls cost anything',
    expected: ['faq/technical#what-are-the-api-limits-and-prices', 'legal/api#tiers-and-limits'],
  },
  {
    question: 'am i allowed to use the free api tier for a commercial app?',
    expected: ['legal/api#tiers-and-limits'],
  },
  {
    question: 'my api key got suspended out of nowhere, can it be switched back on?',
    expected: ['faq/technical#why-was-my-api-key-suspended', 'legal/api#suspension'],
  },
  {
    question: 'lost my api key, can you show it to me again',
    expected: ['faq/technical#how-do-i-use-the-developer-api', 'legal/api#keys'],
  },
  {
    question: 'can i restrict my api key so it only works from my servers ip?',
    expected: ['legal/api#keys'],
  },
  {
    question: 'why does the withdraw page just say "not available on this server"?',
    expected: [
      'faq/technical#why-does-a-screen-say-not-available-on-this-server',
      'faq/platform#does-every-goose-server-offer-the-same-features',
      'faq/pricing#can-i-withdraw-my-tokens',
    ],
  },
  {
    question: 'how long does a login session last before I have to sign in again',
    expected: ['faq/technical#how-is-my-account-kept-safe', 'legal/privacy#what-goose-stores-about-you'],
  },
  {
    question: 'whats the biggest wav file i can upload',
    expected: [
      'faq/technical#is-there-a-limit-on-upload-size',
      'faq/music#which-files-can-i-upload',
      'legal/terms#what-you-may-upload',
    ],
  },
  {
    question: 'tried to run the copyright check on my 2 second producer tag and it got refused, why?',
    expected: ['faq/technical#is-there-a-limit-on-upload-size', 'legal/oracle#what-it-compares-with'],
  },
  {
    question: 'the tokens in the header are less than what my history adds up to, is something broken?',
    expected: ['faq/technical#why-does-my-token-balance-look-wrong'],
  },
  // legal only
  {
    question: 'who processes card payments, do you guys keep my card number?',
    expected: ['legal/privacy#payments'],
  },
  {
    question: 'do your server logs record my ip address and how long are they kept',
    expected: ['legal/privacy#server-logs'],
  },
  {
    question: 'does goose get any rights to the songs i upload?',
    expected: ['legal/terms#what-you-may-upload', 'legal/copyright#your-rights-in-your-work'],
  },
  {
    question: 'how accurate is the copy detection really, any numbers?',
    expected: ['legal/oracle#measured-accuracy'],
  },
  {
    question: 'would the check still catch someone who pitched my track up and sped it up a bit',
    expected: ['legal/oracle#what-it-looks-for'],
  },
  {
    question: 'is there any uptime guarantee for the api',
    expected: ['legal/api#what-is-not-promised'],
  },
  {
    question: 'if i delete my account can someone else sign up with my old username?',
    expected: ['legal/privacy#deleting-your-account'],
  },
  {
    question: 'what do the people I add as royalty receivers get to see about me?',
    expected: ['legal/privacy#who-can-see-your-data'],
  },
];

/** Questions a music-platform user might ask that NONE of the FAQ or legal text answers. */
export const MORE_DEV_UNANSWERABLE: string[] = [
  'is there an iphone app so i can check my tracks on the go?',
  'can i hook my ableton project straight into goose?',
  'does goose auto post my new tracks to soundcloud?',
  'what bpm works best for a drill beat',
  'can you recommend a decent audio interface under 200 bucks',
  'can goose split my finished mix into stems, like vocals and drums separately?',
  'is there a way for two producers to edit the same session live together?',
  'do you register my songs with ASCAP or BMI for me',
  'do you press vinyl for releases?',
  'what chord progression should i use for a sad piano ballad',
  'is your mastering better than doing it myself with ozone?',
  'do you sell VST plugins or sample packs?',
  'do you pitch tracks to spotify editorial playlists',
  'can i sell merch from my artist page on goose',
  'is there a goose discord or forum where producers hang out?',
  'can i livestream a gig through goose',
  'is there a student discount on the plans?',
  'can i pay with paypal',
  'does the dashboard have a dark mode',
  'is there a cap on how many tracks I can keep stored in my vault?',
  'can i send direct messages to other artists on here?',
  'which DAW is best for a total beginner',
  'can i book studio time or hire a mixing engineer through goose',
  'can i run a crowdfunding campaign for my next album on goose?',
  'does goose work with a midi keyboard plugged into my laptop?',
  'how do i get verified on instagram as an artist',
  'what was the best selling album of 1999',
  'how do i tune my guitar to drop d',
  'whats the weather going to be like in berlin tomorrow',
  'can you recommend a good pizza place near me',
];
