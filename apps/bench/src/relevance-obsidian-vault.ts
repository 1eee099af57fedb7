import type { Question } from './relevance-questions.js';

/**
 * A small vault shaped as Obsidian vaults are, written by hand for the relevance bench (no note
 * copied from anywhere): short notes whose title is only their file name, [[wikilinks]] with
 * aliases, #tags inline and in front matter, daily notes named by date, a folder per project,
 * people and places with `aliases`, lists and tasks (`- [ ]`). Paths relative to the vault.
 */
export const obsidianVaultNotes: readonly (readonly [path: string, text: string])[] = [
  [
    'Home.md',
    'Start here. [[Projects]] · [[Reading list]] · [[Recipes]] · [[Inbox]]\n\nThis week: finish the shed roof, call [[Marta Vidal|Marta]] about the lease.\n',
  ],
  [
    'Inbox.md',
    '- idea: a weekly review template\n- [ ] look up cheaper electricity tariffs #money\n- [ ] bike: new brake pads\n- quote from the podcast: "make it boring before you make it fast"\n',
  ],
  ['Projects.md', '- [[Garden shed]]\n- [[Website redesign]]\n- [[Kitchen renovation]]\n- [[Trip to Lisbon]]\n- [[Learning Spanish]]\n'],
  [
    'Reading list.md',
    '---\ntags: [books]\n---\n- [x] [[Thinking in Systems]]\n- [ ] [[The Design of Everyday Things]]\n- [ ] [[Deep Work]]\n- [ ] a book on the history of bread\n',
  ],
  ['Recipes.md', 'Index of what I cook. [[Sourdough starter]], [[Weeknight dal]], [[Tomato soup]], [[Pancakes]], [[Lemon cake]].\n'],
  [
    'projects/Garden shed/Garden shed.md',
    '---\ntags: [project, diy]\nstatus: active\n---\nBuild a 2 x 3 m shed at the back of the garden for the bikes and the tools.\n\n- [x] level the ground\n- [x] concrete base\n- [ ] walls and door\n- [ ] roof: felt or metal sheets? see [[Shed roof options]]\n\nBudget in [[Shed materials]].\n',
  ],
  [
    'projects/Garden shed/Shed roof options.md',
    '#diy\n\nFelt: cheap, lasts about ten years, easy to lay alone.\nCorrugated metal sheets: loud in the rain, lasts longer, needs two people.\nPolycarbonate: lets light in, scratches.\n\nLeaning towards felt on OSB boards, with a slope of at least 10 degrees so the water runs off.\n',
  ],
  [
    'projects/Garden shed/Shed materials.md',
    '| item | qty | price |\n|---|---|---|\n| timber 45x95 | 24 | 190 |\n| OSB boards 18 mm | 10 | 240 |\n| roofing felt roll | 2 | 70 |\n| screws and brackets | - | 55 |\n\nTotal so far about 555 euros. Timber from the yard on Harbour Road, they deliver on Thursdays.\n',
  ],
  [
    'projects/Garden shed/2026-10-12 base poured.md',
    'Poured the concrete base with [[Tom Becker|Tom]]. Twelve bags, mixed by hand. Let it cure for a week before building on it; cover it if frost is forecast.\n',
  ],
  [
    'projects/Website redesign/Website redesign.md',
    '---\ntags: [project, work]\naliases: [site revamp]\n---\nNew site for the studio. Owner: [[Marta Vidal]]. Launch target: end of January.\n\n## Goals\n- faster pages, under one second on a phone\n- a portfolio that is easy to update without a developer\n- readable on small screens\n\nSee [[Website stack decision]] and [[Website content plan]].\n',
  ],
  [
    'projects/Website redesign/Website stack decision.md',
    '#work #decision\n\nWe chose a static site generator with markdown files in git, deployed by the CI on every push. No database. A headless CMS was rejected: a monthly fee, and one more login for the team.\n\nImages are resized at build time.\n',
  ],
  [
    'projects/Website redesign/Website content plan.md',
    '#work\n\n- [ ] rewrite the About page (Marta)\n- [ ] six case studies, 300 words each\n- [ ] new photos of the team, booked with [[Jonas Lind]]\n- [x] list of pages to drop: old blog, careers\n',
  ],
  [
    'projects/Website redesign/2026-11-09 kickoff.md',
    '---\ntags: [meeting, work]\n---\nAttendees: [[Marta Vidal]], [[Jonas Lind]], me.\n\n- launch moved to end of January because the photos take longer\n- Jonas owns the image pipeline\n- weekly check-in on Mondays at 10\n',
  ],
  [
    'projects/Kitchen renovation/Kitchen renovation.md',
    '---\ntags: [project, home]\n---\nReplace the worktop and the cupboard doors, keep the carcasses. New tap.\n\nQuotes: [[Kitchen quotes]]. Electrician needed for two more sockets above the worktop.\n',
  ],
  [
    'projects/Kitchen renovation/Kitchen quotes.md',
    '#home #money\n\n- Nordic Joinery: 3,400, six weeks\n- local carpenter (Pieter): 2,900, starts in March\n- flat-pack doors, fitted ourselves: 1,200 plus two weekends\n\nPieter seems best value; ask him whether the oak worktop needs oiling.\n',
  ],
  [
    'projects/Trip to Lisbon/Trip to Lisbon.md',
    '---\ntags: [project, travel]\n---\nFour days in Lisbon in April with [[Ana Ruiz|Ana]].\n\n- [x] flights booked\n- [ ] tram 28 early in the morning, before the crowds\n- [ ] day trip to Sintra\n- [ ] pastéis de nata in Belém\n\nPacking: [[Packing list]].\n',
  ],
  [
    'projects/Trip to Lisbon/Lisbon lodging.md',
    '#travel\n\nApartment in Alfama, three nights, check-in after 15:00, key box by the door, code sent the day before. Steep streets: no big suitcases.\n',
  ],
  [
    'projects/Learning Spanish/Learning Spanish.md',
    '---\ntags: [project, language]\n---\nTwenty minutes a day. Tuesday conversation class with [[Ana Ruiz]].\n\n- flashcards for verbs\n- one podcast episode a day\n- read a short story each week\n',
  ],
  [
    'projects/Learning Spanish/Spanish irregular verbs.md',
    '#language\n\nser, estar, ir, tener, hacer, poder, decir.\n\nPreterite of ir and ser is the same: fui, fuiste, fue. Context tells which.\n',
  ],
  [
    'people/Marta Vidal.md',
    '---\naliases: [Marta]\ntags: [person, work]\n---\nStudio lead, owns the [[Website redesign]]. Prefers calls to long emails. Landlady of the studio space: the lease renews in February.\n',
  ],
  [
    'people/Jonas Lind.md',
    '---\naliases: [Jonas]\ntags: [person, work]\n---\nPhotographer. Did the team photos in 2024. Phone in contacts. Invoices at the end of each month.\n',
  ],
  [
    'people/Ana Ruiz.md',
    '---\naliases: [Ana]\ntags: [person]\n---\nFriend from the running club. Teaches the Tuesday Spanish class. Birthday 14 May. Allergic to nuts.\n',
  ],
  [
    'people/Tom Becker.md',
    '---\naliases: [Tom]\ntags: [person]\n---\nNeighbour, has a concrete mixer and a trailer. Helped with the shed base. Owes me nothing; I owe him a dinner.\n',
  ],
  [
    'people/Dr Okafor.md',
    '---\naliases: [GP, doctor]\ntags: [person, health]\n---\nFamily doctor at the Elm Street practice. Appointments by phone before 9.\n',
  ],
  [
    'Thinking in Systems.md',
    '---\ntags: [books]\nauthor: Donella Meadows\n---\nStocks and flows; a system behaves according to its structure, not to the intentions of the people in it.\n\nLeverage points, from weakest to strongest: numbers, buffers, feedback loops, rules, goals, paradigms.\n',
  ],
  [
    'The Design of Everyday Things.md',
    '---\ntags: [books]\nauthor: Don Norman\n---\nAffordances and signifiers: a door should show whether to push or pull. When people err, blame the design first.\n',
  ],
  ['Deep Work.md', '---\ntags: [books]\nauthor: Cal Newport\n---\nNot read yet. Recommended by Jonas: schedule long blocks without email or chat.\n'],
  [
    'recipes/Sourdough starter.md',
    '#cooking #bread\n\nFeed once a day at room temperature: 50 g flour, 50 g water, keep 50 g of the old starter. In the fridge, feed once a week. Ready when it doubles in 4-6 hours and smells sour, not like nail polish.\n',
  ],
  [
    'recipes/Country loaf.md',
    '#cooking #bread\n\n- 500 g bread flour, 375 g water, 100 g active [[Sourdough starter|starter]], 10 g salt\n- autolyse 1 h, then four sets of stretch and fold\n- bulk ferment until 50% bigger, shape, cold proof overnight\n- bake at 250 C in a dutch oven, 20 min lid on, 25 min lid off\n',
  ],
  [
    'recipes/Weeknight dal.md',
    '#cooking #vegetarian\n\nRed lentils, onion, garlic, ginger, cumin seeds, turmeric, tinned tomatoes. 25 minutes. A squeeze of lemon at the end. Freezes well.\n',
  ],
  [
    'recipes/Tomato soup.md',
    '#cooking #vegetarian\n\nRoast tomatoes, onion and garlic at 200 C for 40 min, blend with stock. Basil. Good with the [[Country loaf]].\n',
  ],
  ['recipes/Pancakes.md', '#cooking\n\n1 egg, 250 ml milk, 125 g flour, pinch of salt. Rest the batter for 30 minutes. Thin ones: more milk.\n'],
  [
    'recipes/Lemon cake.md',
    '#cooking #baking\n\nYogurt cake: one pot yogurt, two pots sugar, three pots flour, half a pot oil, three eggs, zest of two lemons. 180 C for 40 min. Lemon syrup on top while warm.\n',
  ],
  [
    'health/Running plan.md',
    '---\ntags: [health, running]\n---\nGoal: 10 km under 55 minutes by June.\n\n- Tuesday: intervals, 6 x 400 m\n- Thursday: easy 5 km\n- Sunday: long run, add 1 km a week\n\nRest if the knee hurts on stairs.\n',
  ],
  [
    'health/Knee.md',
    '#health\n\nPain on the outside of the right knee after long runs. Physio says IT band: foam roller, hip strengthening, clamshells 3 x 15. Ease back for two weeks.\n',
  ],
  [
    'health/Vaccinations.md',
    '#health\n\n- tetanus booster: 2019, next 2029\n- flu shot each October at the pharmacy\n- hepatitis A before travel outside Europe\n',
  ],
  [
    'money/Budget 2026.md',
    '---\ntags: [money]\n---\nMonthly: rent 1,150, groceries 420, transport 90, savings 500.\n\nBig items this year: kitchen (see [[Kitchen quotes]]), Lisbon trip, new laptop.\n',
  ],
  [
    'money/Electricity tariffs.md',
    '#money #home\n\nCurrent supplier: fixed price until March. Compared three others: the cheapest has a night rate, worth it only if the washing runs at night. Switch in March.\n',
  ],
  [
    'money/Taxes checklist.md',
    '#money\n\n- [ ] collect the freelance invoices\n- [ ] receipts for the home office\n- [ ] pension contributions statement\n- deadline: 30 April\n',
  ],
  [
    'home/Bike maintenance.md',
    '#home #bike\n\nChain: clean and oil every 300 km. Brake pads: check monthly, replace when the groove is gone. Tyre pressure 5 bar.\n\n- [ ] new brake pads (front)\n',
  ],
  [
    'home/Plants.md',
    '#home\n\n- monstera: water every 10 days, bright indirect light\n- basil on the kitchen window: water daily in summer\n- the fern hates the radiator\n',
  ],
  [
    'home/Wifi and router.md',
    '#home\n\nRouter in the hallway cupboard. Admin page at the router address on the sticker. Guest network name: garden. Restart it when video calls stutter.\n',
  ],
  [
    'home/Boiler.md',
    '#home\n\nService every year in September. Pressure should be between 1 and 1.5 bar; top up with the grey valve under it. Plumber: Harbour Heating.\n',
  ],
  [
    'work/Weekly review.md',
    '---\ntags: [work, template]\n---\n## Done\n\n## Stuck\n\n## Next week\n\n- [ ] clear the [[Inbox]]\n- [ ] check the calendar two weeks ahead\n',
  ],
  ['work/Meeting notes template.md', '---\ntags: [template]\n---\nAttendees:\n\nDecisions:\n\nActions:\n- [ ] \n'],
  [
    'work/Invoicing.md',
    '#work #money\n\nInvoice on the last working day of the month. Payment terms 30 days. Number invoices by year: 2026-001, 2026-002. Send a reminder after 35 days.\n',
  ],
  [
    'work/Studio onboarding.md',
    '#work\n\nFirst day for a new person at the studio: keys from [[Marta Vidal|Marta]], a laptop, accounts for mail and chat, a walk through the project board, lunch together.\n',
  ],
  [
    'ideas/Side project ideas.md',
    '#ideas\n\n- an app that reminds me to feed the sourdough starter\n- a map of the good benches in the city\n- a tool that turns my daily notes into a monthly summary\n',
  ],
  [
    'ideas/Gift ideas.md',
    '#ideas\n\n- Ana: a cookbook from the Basque country (no nuts in it)\n- Tom: a good bottle of wine, for the concrete mixer\n- Mum: tickets to the botanical garden\n',
  ],
  [
    'travel/Packing list.md',
    '---\ntags: [travel, template]\n---\n- passport, cards, a little cash\n- charger and adapter\n- walking shoes\n- rain jacket\n- medication\n',
  ],
  [
    'travel/Places to visit.md',
    '#travel\n\n- Lisbon (April, see [[Trip to Lisbon]])\n- the Faroe Islands\n- Kyoto in autumn\n- walk the coast path in Cornwall\n',
  ],
  [
    'daily/2026-11-02.md',
    'Mon. Long call with [[Marta Vidal|Marta]] about the lease: she will send the new contract.\n\n- [x] gym\n- [ ] reply to Jonas about the photos\n',
  ],
  ['daily/2026-11-03.md', 'Tue. Spanish class, we practised the past tense. Dal for dinner.\n\n- [x] feed starter\n'],
  ['daily/2026-11-05.md', 'Thu. The router dropped again during a video call; restarted it. Easy 5 km run, knee fine.\n'],
  ['daily/2026-11-09.md', 'Sun. Website kickoff notes in [[2026-11-09 kickoff]]. Baked a loaf, the crumb was tight: the bulk ferment was too short.\n'],
  ['daily/2026-11-12.md', 'Wed. Paid the kitchen deposit to Pieter. Booked the boiler service.\n\n- [ ] move 300 to savings\n'],
  ['daily/2026-11-16.md', 'Sun. Long run 12 km. Afterwards the knee ached on the stairs, so rest this week.\n'],
  ['daily/2026-11-20.md', 'Fri. Finished the walls of the shed with Tom. Heavy rain in the evening, covered the timber with a tarp.\n'],
  ['daily/2026-11-24.md', 'Tue. Read the leverage points chapter again. Flu shot at the pharmacy.\n\n- [ ] buy roofing felt\n'],
  ['daily/2026-11-26.md', 'Thu. Quote for two new sockets from the electrician: 180. Lisbon apartment confirmed.\n'],
  ['archive/Old blog ideas.md', '#archive\n\nPosts I never wrote: a year of sourdough, why I stopped using a to-do app, the best bike routes out of town.\n'],
  ['archive/Car.md', '#archive\n\nSold the car in 2024. Kept the insurance no-claims letter in the documents folder.\n'],
];

/** Questions on the Obsidian-shaped vault, as a person or an agent asks them (not the notes' own sentences). */
export const obsidianVaultQuestions: readonly Question[] = [
  { query: 'what should the shed roof be made of?', answers: ['projects/Garden shed/Shed roof options.md'] },
  { query: 'how much did the shed materials cost', answers: ['projects/Garden shed/Shed materials.md'] },
  { query: 'when did we pour the concrete for the shed', answers: ['projects/Garden shed/2026-10-12 base poured.md'] },
  { query: 'why did we not pick a CMS for the site', answers: ['projects/Website redesign/Website stack decision.md'] },
  {
    query: 'when is the site revamp launching?',
    answers: ['projects/Website redesign/Website redesign.md', 'projects/Website redesign/2026-11-09 kickoff.md'],
  },
  { query: 'who takes care of the images for the new website', answers: ['projects/Website redesign/2026-11-09 kickoff.md'] },
  { query: 'which carpenter quoted for the kitchen', answers: ['projects/Kitchen renovation/Kitchen quotes.md'] },
  { query: 'where are we staying in Lisbon', answers: ['projects/Trip to Lisbon/Lisbon lodging.md'] },
  { query: 'things to do in Lisbon', answers: ['projects/Trip to Lisbon/Trip to Lisbon.md'] },
  { query: 'what do I need to pack for a trip', answers: ['travel/Packing list.md'] },
  { query: 'past tense of ir in Spanish', answers: ['projects/Learning Spanish/Spanish irregular verbs.md'] },
  { query: 'who is Marta?', answers: ['people/Marta Vidal.md'] },
  { query: "when is Ana's birthday", answers: ['people/Ana Ruiz.md'] },
  { query: 'who has a trailer I can borrow', answers: ['people/Tom Becker.md'] },
  { query: 'how do I book an appointment with my GP', answers: ['people/Dr Okafor.md'] },
  { query: 'what are leverage points in a system', answers: ['Thinking in Systems.md'] },
  { query: 'books I still want to read', answers: ['Reading list.md'] },
  { query: 'how often do I feed the sourdough', answers: ['recipes/Sourdough starter.md'] },
  { query: 'oven temperature for baking bread', answers: ['recipes/Country loaf.md'] },
  { query: 'a quick vegetarian dinner with lentils', answers: ['recipes/Weeknight dal.md'] },
  { query: 'how to make a yogurt cake', answers: ['recipes/Lemon cake.md'] },
  { query: 'my training schedule for the 10k', answers: ['health/Running plan.md'] },
  { query: 'what did the physio say about my knee', answers: ['health/Knee.md'] },
  { query: 'when is my next tetanus shot due', answers: ['health/Vaccinations.md'] },
  { query: 'how much do I spend on groceries each month', answers: ['money/Budget 2026.md'] },
  { query: 'should I switch energy supplier?', answers: ['money/Electricity tariffs.md'] },
  { query: 'what do I need for my tax return', answers: ['money/Taxes checklist.md'] },
  { query: 'how often should I oil the bike chain', answers: ['home/Bike maintenance.md'] },
  { query: 'the boiler is losing pressure', answers: ['home/Boiler.md'] },
  { query: 'what is the guest wifi called', answers: ['home/Wifi and router.md'] },
  { query: 'when do I send invoices and what are the payment terms', answers: ['work/Invoicing.md'] },
  { query: "what happens on a new hire's first day", answers: ['work/Studio onboarding.md'] },
  { query: 'present ideas for Ana', answers: ['ideas/Gift ideas.md'] },
  { query: 'when did my knee start hurting after a long run', answers: ['daily/2026-11-16.md'] },
  { query: 'why was my loaf dense', answers: ['daily/2026-11-09.md'] },
  { query: 'what did I do on the 20th of November', answers: ['daily/2026-11-20.md'] },
  { query: 'electrician quote for sockets', answers: ['daily/2026-11-26.md'] },
];
