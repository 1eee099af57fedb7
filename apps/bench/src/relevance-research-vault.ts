import type { Question } from './relevance-questions.js';

/**
 * A second Obsidian-shaped vault, held out from the ranker's tuning: a PhD student's research vault on wild
 * bees and green roofs, written by hand for the relevance bench (no note copied from anywhere), in another
 * domain and style than relevance-obsidian-vault.ts. Zettelkasten notes named by a timestamp id and a claim,
 * maps of content (lists of links), a project index that links everything, literature notes named
 * `@Key Title` with Dataview-style fields (`status:: reading`), long method notes with `##`/`###`
 * headings, callouts, block references and embeds, nested tags (`bees/nesting`, `area/health`), aliases
 * in front matter, notes in German, French, Spanish and Japanese, file names with spaces, dashes, diacritics
 * and an emoji, a draft and a final of the same text, templates, an attachments-only note, daily notes.
 * Paths relative to the vault.
 */
export const researchVaultNotes: readonly (readonly [path: string, text: string])[] = [
  [
    '00 Index/Thesis — project index.md',
    '---\naliases: [PhD index, thesis hub]\ntags: [index, thesis]\n---\n# Thesis — project index\n\nWorking title: *Urban green roofs as stepping stones for wild bees*. Supervisor: [[Prof. Ingrid Halvorsen]]; co-supervisor: [[Dr. Kenji Watanabe]].\n\n## Maps of content\n- [[MOC Pollination]] · [[MOC Field methods]] · [[MOC Statistics]] · [[MOC Teaching]] · [[MOC Writing]]\n\n## Chapters\n- [[Thesis outline]]\n- [[Chapter 2 draft]] → [[Chapter 2 final]]\n- [[Chapter 3 plan — roof connectivity]]\n\n## Field seasons\n- 2025 pilot on six roofs: [[Pan trap protocol]], [[Transect walks on roofs]], [[Roof access and safety]]\n- 2026 main season, 24 roofs: [[Roof site list 2026]], [[Genehmigung Naturschutzgebiet Kiebitzmoor]]\n- Lab: [[Pinning and labelling specimens]], [[DNA barcoding workflow]], [[Identification keys for Lasioglossum]]\n\n## Analysis\n[[Mixed models in R]], [[Rarefaction and species richness]], [[Zero-inflated counts]], [[Cluster jobs with SLURM]], [[Spatial autocorrelation check]]\n\n## People\n[[Léa Moreau]], [[Tomás Herrera]], [[Dr. Kenji Watanabe]], [[Prof. Ingrid Halvorsen]], [[Sanne de Vries]]\n\n## Admin and money\n[[Travel reimbursement]], [[DFG Sachbeihilfe — Notizen]], [[Lab safety induction]], [[Conference budget 2026]]\n\n## Conferences and talks\n[[GfÖ Jahrestagung 2026]], [[Séminaire à Montpellier]], [[Abstract for GfÖ — draft]], [[Abstract for GfÖ — final]]\n\n## Personal\n[[Running log 🏃]], [[Sleep and energy]], [[Reading for fun]]\n',
  ],
  [
    '00 Index/MOC Pollination.md',
    '---\ntags: [moc]\n---\n# MOC Pollination\n\n## Why wild bees\n- [[202609141030 Wild bees need bare ground to nest]]\n- [[202609151112 Honeybees compete with wild bees in cities]]\n- [[202609201545 Floral diversity beats floral abundance]]\n- [[202610020900 Body size predicts foraging range]]\n\n## Landscape\n- [[202610051410 Green roofs as stepping stones]]\n- [[202610071200 Isolation effect is weaker for strong fliers]]\n- [[Notes de lecture — écologie du paysage]]\n\n## Literature\n- [[@Garibaldi2013 Wild pollinators enhance fruit set]]\n- [[@Hall2017 The city as a refuge for insect pollinators]]\n- [[@Braaker2014 Habitat connectivity shapes urban arthropod communities]]\n- [[@Zurbuchen2010 Maximum foraging ranges in solitary bees]]\n',
  ],
  [
    '00 Index/MOC Field methods.md',
    '---\ntags: [moc, methods]\n---\n# MOC Field methods\n\n- [[Pan trap protocol]] — colours, spacing, exposure time\n- [[Transect walks on roofs]]\n- [[202610101000 Pan traps versus hand netting]]\n- [[Roof access and safety]]\n- [[Pinning and labelling specimens]]\n- [[DNA barcoding workflow]]\n- [[Muestreo en Doñana]]\n- [[Weather rules for sampling days]]\n',
  ],
  [
    '00 Index/MOC Statistics.md',
    '---\ntags: [moc, stats]\n---\n# MOC Statistics\n\n- [[Mixed models in R]]\n- [[Zero-inflated counts]]\n- [[Rarefaction and species richness]]\n- [[Spatial autocorrelation check]]\n- [[202610121630 Report effect sizes not only p-values]]\n- [[Cluster jobs with SLURM]]\n',
  ],
  [
    '00 Index/MOC Teaching.md',
    '---\ntags: [moc, teaching]\n---\n# MOC Teaching\n\n- [[BIO204 practical — week 3 quadrats]]\n- [[BIO204 practical — week 5 pollinator observation]]\n- [[Grading rubric for lab reports]]\n- [[Office hours log]]\n',
  ],
  [
    '00 Index/MOC Writing.md',
    '---\ntags: [moc, writing]\n---\n# MOC Writing\n\n- [[Thesis outline]]\n- [[Chapter 2 draft]] / [[Chapter 2 final]]\n- [[Response to reviewers — Oecologia]]\n- [[202610151000 Write the figure captions first]]\n- [[Citation workflow with Zotero]]\n',
  ],
  [
    'Zettel/202609141030 Wild bees need bare ground to nest.md',
    '---\ntags: [zettel, bees/nesting]\n---\nAbout 70% of the solitary bee species here dig their nests in the soil. They need patches of bare, sunny, well-drained ground; a lawn or a mulched bed gives them nothing. ^bare-ground\n\nConsequence for roofs: a gravel strip or a sandy corner matters more than another row of flowers.\n\nLinks: [[202610051410 Green roofs as stepping stones]], [[ハナバチの巣作り]]\n',
  ],
  [
    'Zettel/202609151112 Honeybees compete with wild bees in cities.md',
    '---\ntags: [zettel, bees/competition]\n---\nHives on city roofs have multiplied. Where hive density is high, wild bees visit fewer flowers and get less pollen per visit: the honeybee colonies empty the flowers first.\n\n> [!warning] Contested\n> Most evidence is correlational. [[@Hall2017 The city as a refuge for insect pollinators]] warns against "save the bees" hive campaigns.\n\nSee also [[Honeybee hive density on study roofs]].\n',
  ],
  [
    'Zettel/202609201545 Floral diversity beats floral abundance.md',
    '---\ntags: [zettel, bees/forage]\n---\nMore kinds of flowers help wild bees more than more of the same flower. A roof of sedum alone flowers for three weeks; a mix of Allium, Thymus, Echium and Dianthus gives forage from May to September.\n\nCounterpoint in my own pilot data: abundance mattered for bumblebees. ^counterpoint\n',
  ],
  [
    'Zettel/202610020900 Body size predicts foraging range.md',
    '---\ntags: [zettel, bees/traits]\n---\nIntertegular distance (the span between the wing bases) scales with how far a bee can fly from its nest. Small Lasioglossum: a few hundred metres. Bumblebees: kilometres.\n\nFrom [[@Zurbuchen2010 Maximum foraging ranges in solitary bees]]. Used in [[Chapter 3 plan — roof connectivity]].\n',
  ],
  [
    'Zettel/202610051410 Green roofs as stepping stones.md',
    '---\ntags: [zettel, landscape]\naliases: [stepping-stone hypothesis]\n---\nGreen roofs could link the parks of a city if they are close enough to each other for small bees to hop between them. Roof height (above ~5 floors) seems to cut visits.\n\n![[202609141030 Wild bees need bare ground to nest#^bare-ground]]\n',
  ],
  [
    'Zettel/202610071200 Isolation effect is weaker for strong fliers.md',
    '---\ntags: [zettel, landscape, bees/traits]\n---\nIn my 2025 pilot, the distance to the nearest park explained species richness on roofs for small bees but not for bumblebees. Large bodies, long flights.\n\nRelated: [[202610020900 Body size predicts foraging range]]\n',
  ],
  [
    'Zettel/202610101000 Pan traps versus hand netting.md',
    '---\ntags: [zettel, methods]\n---\nCompared both methods on the same six roofs, same days.\n\n| | pan traps | netting |\n|---|---|---|\n| species | 41 | 33 |\n| bumblebees | few | many |\n| observer bias | none | high |\n| effort | 2 visits | 6 h of walking |\n\nPan traps oversample small halictids and miss big bees, netting the reverse. Use both; report them apart.\n',
  ],
  [
    'Zettel/202610121630 Report effect sizes not only p-values.md',
    '---\ntags: [zettel, stats]\n---\nReviewer 2 was right: a p-value says nothing about how much. Give the estimate with its 95% interval, on the response scale (back-transformed from the log link), and plot it.\n',
  ],
  [
    'Zettel/202610151000 Write the figure captions first.md',
    '---\ntags: [zettel, writing]\n---\nA trick from [[Sanne de Vries]]: before drafting a results section, write every figure caption as a full sentence that states the finding. The text then only walks through the captions.\n',
  ],
  [
    'Zettel/202610180930 Night-flying pollinators are overlooked.md',
    '---\ntags: [zettel, bees/other]\n---\nMoths visit many of the same roof flowers after dusk. Nobody samples them on roofs. A light trap on two roofs in 2027? Ask [[Tomás Herrera]], he did moth work in Spain.\n',
  ],
  [
    'Zettel/202610221100 Sedum roofs are too hot in July.md',
    '---\ntags: [zettel, roofs]\n---\nSurface temperature on thin sedum roofs reached 58 °C at noon in July 2025 (iButton loggers). Flowers close, bees leave. Deeper substrate (≥ 12 cm) and some shade from solar panels kept it under 40 °C.\n',
  ],
  [
    'Literature/@Garibaldi2013 Wild pollinators enhance fruit set.md',
    '---\naliases: [Garibaldi et al. 2013]\ntags: [literature]\n---\nstatus:: read\nyear:: 2013\njournal:: Science\nrating:: ⭐⭐⭐⭐⭐\n\n## Claim\nAcross 41 crop systems worldwide, visits by wild insects raised fruit set twice as much as the same number of honeybee visits. Honeybees added to, never replaced, wild pollinators.\n\n## My take\nThe strongest single citation for the introduction. Crops, not cities, so careful with the transfer.\n',
  ],
  [
    'Literature/@Hall2017 The city as a refuge for insect pollinators.md',
    '---\naliases: [Hall et al. 2017]\ntags: [literature, cities]\n---\nstatus:: read\nyear:: 2017\njournal:: Conservation Biology\n\n## Summary\nCities can hold many bee species: gardens, allotments, cemeteries, railway edges. The authors ask planners to plant for wild bees and to stop promoting rooftop beekeeping as conservation.\n\n## Quotes\n> "Honey bees are livestock" — the line I want for the discussion. ^livestock\n',
  ],
  [
    'Literature/@Braaker2014 Habitat connectivity shapes urban arthropod communities.md',
    '---\naliases: [Braaker et al. 2014]\ntags: [literature, roofs, landscape]\n---\nstatus:: reading\nyear:: 2014\njournal:: Ecology\n\n## Summary so far\nForty green roofs in Zürich. Connectivity to ground-level green space explained the communities of bees and weevils, less so of spiders. Roof height mattered.\n\n## Open questions\n- how did they measure connectivity: a buffer or a cost distance?\n',
  ],
  [
    'Literature/@Zurbuchen2010 Maximum foraging ranges in solitary bees.md',
    '---\naliases: [Zurbuchen et al. 2010]\ntags: [literature, bees/traits]\n---\nstatus:: read\nyear:: 2010\n\nHoming and translocation experiments: the largest solitary bees return from up to 1.4 km, but most forage within 300 m. Fitness drops fast when the flowers are farther away.\n',
  ],
  [
    'Literature/@Kratschmer2018 Green roof flower strips.md',
    '---\naliases: [Kratschmer et al. 2018]\ntags: [literature, roofs]\n---\nstatus:: to-read\nyear:: 2018\n\nRecommended by [[Léa Moreau]]. Seed mixes on extensive roofs in Vienna, three years of monitoring.\n',
  ],
  [
    'Literature/@Tonietto2011 Comparison of bee communities on green roofs.md',
    '---\naliases: [Tonietto et al. 2011]\ntags: [literature, roofs]\n---\nstatus:: reading\nyear:: 2011\njournal:: Landscape and Urban Planning\n\nChicago: green roofs had fewer bees and fewer species than parks and prairies. Roof height and area both played a part. Their pan trap design is close to mine, cite in methods.\n',
  ],
  [
    'Literature/@Wood2015 Managing pan trap bias.md',
    '---\naliases: [Wood et al. 2015]\ntags: [literature, methods]\n---\nstatus:: to-read\nyear:: 2015\n\nWhy pan traps catch what they catch: bowl colour, flower density around the bowls (traps catch less when flowers are many), and bee size.\n',
  ],
  [
    'Methods/Pan trap protocol.md',
    '---\ntags: [methods, protocol]\naliases: [bowl traps, coloured bowls]\n---\n# Pan trap protocol\n\n> [!note] Version 3, April 2026. Changes: 5 m spacing instead of 3 m.\n\n## Material\n- bowls 500 ml, painted UV-yellow, UV-blue and white (Sparvar Leuchtfarbe)\n- water with a drop of unscented dish soap\n- stakes to hold the bowls at flower height\n\n## Layout\n### Per roof\nOne set of three bowls (one of each colour) every 5 m along the longest axis, four sets per roof.\n### Per visit\nAlways the same places, marked with a GPS point and a photo.\n\n## Exposure\nSet out at 9:00, collect after 24 h ± 1 h. ^exposure-time\n\n## After collecting\nSieve, rinse with water, store in 70% ethanol, one vial per bowl. Label in pencil: roof code, date, colour.\n\n## Known problems\n- gulls tip over bowls on the coast roofs\n- after rain the soap foams and the bowls overflow\n',
  ],
  [
    'Methods/Transect walks on roofs.md',
    '---\ntags: [methods, protocol]\n---\n# Transect walks on roofs\n\n## Route\nA fixed 50 m walk, 2 m either side, 20 min of observation, net in hand.\n\n## Conditions\nOnly between 10:00 and 16:00, above 15 °C, wind below 4 Beaufort, no rain. See [[Weather rules for sampling days]].\n\n## Recording\nSpecies if known in the field, otherwise catch, number and key out later. Record the flower each bee was on.\n',
  ],
  [
    'Methods/Weather rules for sampling days.md',
    '---\ntags: [methods]\n---\nGo: ≥ 15 °C in the shade (≥ 13 °C if sunny), wind < 4 Bft, dry for the last hour.\nNo-go: fog on the coast roofs, any thunderstorm warning (the roofs are the highest points around).\nPostpone, never shorten: a half day of sampling cannot be compared.\n',
  ],
  [
    'Methods/Roof access and safety.md',
    "---\ntags: [methods, admin, safety]\n---\n# Roof access and safety\n\n- Never alone on a roof: always two people, one of them with the building's key holder on the phone.\n- Harness and fall arrest on roofs without a parapet (roofs R07, R13, R19).\n- Keys: caretakers' numbers in [[Roof site list 2026]].\n- Sign in at the porter's lodge of the university buildings.\n",
  ],
  [
    'Methods/Pinning and labelling specimens.md',
    '---\ntags: [methods, lab]\n---\n# Pinning and labelling specimens\n\n## Relaxing\nSpecimens from ethanol: dry on tissue, then 10 min in a jar with a damp sponge.\n## Pinning\nInsect pins size 2 for bumblebees, size 0 or minutien for small halictids (glued on a card point).\n## Labels\nTwo labels under each bee: locality (city, roof code, coordinates, date, collector), then the identification label once keyed. Print at 4 pt on acid-free paper.\n',
  ],
  [
    'Methods/DNA barcoding workflow.md',
    "---\ntags: [methods, lab, dna]\n---\n# DNA barcoding workflow\n\nRun with [[Dr. Kenji Watanabe]]'s group.\n\n## Sampling the tissue\nOne hind leg per bee into a 96-well plate, the rest of the bee kept as voucher.\n## Extraction\nNon-destructive extraction kit, overnight lysis at 56 °C.\n## PCR\nCOI primers LCO1490/HCO2198, 35 cycles. Negative control in every plate.\n## Sequencing and matching\nSanger, then match against BOLD; call a species above 98% similarity, otherwise genus only.\n\n> [!tip] Plate layout template in ![[plate layout.xlsx]]\n",
  ],
  [
    'Methods/Identification keys for Lasioglossum.md',
    '---\ntags: [methods, lab, bees/taxonomy]\n---\nLasioglossum is the hardest genus in my samples. Females: look at the tergite punctures and the hair bands. Males: genitalia must be pulled out while the specimen is fresh.\n\nKeys I use: the German key (Amiet), and the online key of the Bees of Europe project. When unsure, send to [[Sanne de Vries]] for checking.\n',
  ],
  [
    'Methods/Muestreo en Doñana.md',
    '---\ntags: [methods, fieldwork, lang/es]\n---\n# Muestreo en Doñana\n\nNotas de la semana con [[Tomás Herrera]] en la Estación Biológica, mayo 2026.\n\n## Cómo muestrean ellos\nPlatos amarillos y azules, pero los dejan solo 6 horas porque el calor evapora el agua. Usan propilenglicol en vez de jabón.\n\n## Lo que aprendí\n- en arena, las abejas solitarias anidan en grandes agregaciones\n- anotar la temperatura del suelo junto a cada plato\n',
  ],
  [
    'Stats/Mixed models in R.md',
    '---\ntags: [stats, r]\naliases: [GLMM notes, lme4 cheatsheet]\n---\n# Mixed models in R\n\n## Model for bee counts\n`glmmTMB(abundance ~ roof_area + dist_park + (1 | roof) + (1 | date), family = nbinom2)`\n\n### Why a negative binomial\nThe counts are overdispersed: the variance is ten times the mean. Poisson gave far too narrow intervals.\n\n### Random slopes\n`(1 + dist_park | city)` when the effect of distance may differ between cities. With only 3 cities it does not converge: keep the intercept only.\n\n## Checking the fit\n### Residuals\nDHARMa: `simulateResiduals(model)` then `plot()`. Look for the dispersion and the uniformity tests.\n### Convergence warnings\nRescale the predictors (`scale()`), try another optimizer (`control = glmmTMBControl(optimizer = optim)`).\n\n## Reporting\nSee [[202610121630 Report effect sizes not only p-values]].\n',
  ],
  [
    'Stats/Zero-inflated counts.md',
    '---\ntags: [stats, r]\n---\n# Zero-inflated counts\n\nHalf of the bowls catch no bee at all. Two kinds of zero: the bee was absent, or present and not caught.\n\n- test: compare the observed zeros with those simulated by the fitted model (DHARMa `testZeroInflation`)\n- model: `ziformula = ~ 1` in glmmTMB; a hurdle model if the zeros have their own cause (e.g. rain)\n- my data: zero inflation was explained once I added the weather as a predictor, so no ZI term needed\n',
  ],
  [
    'Stats/Rarefaction and species richness.md',
    '---\ntags: [stats, diversity]\n---\n# Rarefaction and species richness\n\nRoofs with more bees caught show more species just by sampling more. Compare richness at the same number of individuals (rarefaction) or at the same sample coverage.\n\n## How\n`iNEXT(counts, q = 0, datatype = "abundance")`, then compare at a coverage of 0.9.\n\n## Chao1\nEstimates the species missed from the singletons and doubletons. Unreliable with fewer than ~20 individuals per roof.\n',
  ],
  [
    'Stats/Spatial autocorrelation check.md',
    "---\ntags: [stats, spatial]\n---\nRoofs close to each other may have similar bees just because they are close. Check Moran's I on the model residuals against the roof coordinates (`DHARMa::testSpatialAutocorrelation`). In the 2025 data: I = 0.04, p = 0.41, so nothing to fix.\n",
  ],
  [
    'Tools/Cluster jobs with SLURM.md',
    '---\ntags: [tools, hpc]\naliases: [HPC cluster, sbatch]\n---\n# Cluster jobs with SLURM\n\n## Submitting\n```\nsbatch --time=04:00:00 --mem=16G --cpus-per-task=8 run_models.sh\n```\n## Watching\n`squeue -u $USER`, cancel with `scancel JOBID`.\n## R on the cluster\n`module load R/4.4.1`, packages installed in `~/R/library` (set `R_LIBS_USER`).\n## Gotchas\n- the login node kills anything running over 30 min\n- the scratch folder is wiped after 30 days without access\n',
  ],
  [
    'Tools/Citation workflow with Zotero.md',
    '---\ntags: [tools, writing]\n---\nZotero with Better BibTeX: the citation keys are `authorYEAR`, auto-exported to `thesis.bib` in the thesis repo on every change. Literature notes are named `@Key Title` so the key is in the file name.\n\nPDF annotations: extract into the literature note with the Zotero integration plugin, then rewrite in my own words.\n',
  ],
  [
    'Tools/Git for the thesis.md',
    '---\ntags: [tools, writing]\n---\nThe thesis is in LaTeX in a git repository; one commit per writing session, message = what changed. A tag at each version sent to Ingrid (`v2026-10-sent`). Figures are made by the R scripts, never edited by hand, so they are not in git.\n',
  ],
  [
    'Thesis/Thesis outline.md',
    '---\ntags: [thesis]\n---\n# Thesis outline\n\n1. General introduction — cities, wild bees, green roofs\n2. Who lives on green roofs? Bee communities on 24 roofs (→ [[Chapter 2 final]])\n3. Roofs as stepping stones: connectivity and body size (→ [[Chapter 3 plan — roof connectivity]])\n4. Heat on the roof: substrate depth and flower visits\n5. General discussion\n\nSubmission planned: September 2027.\n',
  ],
  [
    'Thesis/Chapter 2 draft.md',
    '---\ntags: [thesis, draft]\nstatus: draft\n---\n# Chapter 2 — Bee communities on green roofs (draft)\n\n## Introduction\nGreen roofs are spreading in European cities. Whether they hold bees has been asked in Chicago and Zürich, never in a North Sea port city.\n\n## Methods\nTwenty-four roofs, pan traps and transects, May to August 2026.\n\n## Results\nTODO numbers. Richness rose with roof area and fell with height.\n\n## Discussion\nTODO\n',
  ],
  [
    'Thesis/Chapter 2 final.md',
    "---\ntags: [thesis, final]\nstatus: sent to Ingrid 2026-11-20\n---\n# Chapter 2 — Bee communities on green roofs\n\n## Introduction\nGreen roofs are spreading in European cities. Whether they hold wild bees has been asked in Chicago and Zürich, never in a North Sea port city, where wind and salt make roofs harsher.\n\n## Methods\nTwenty-four roofs, pan traps and transect walks, May to August 2026; 3,812 bees of 96 species.\n\n## Results\nRarefied richness rose with roof area (+18% per doubling) and fell with height (−9% per floor). Substrate depth mattered for ground-nesting species only.\n\n## Discussion\nRoofs are habitat for a subset of the city's bees: small, ground-nesting, generalist. Deep substrate and bare patches would widen that subset.\n",
  ],
  [
    'Thesis/Chapter 3 plan — roof connectivity.md',
    "---\ntags: [thesis, plan]\n---\n# Chapter 3 plan — roof connectivity\n\nQuestion: do roofs near parks get more bees, and does that depend on the bees' body size?\n\n- connectivity: green area within 250, 500 and 1000 m of each roof\n- traits: intertegular distance measured on 10 females per species\n- model: fourth-corner or trait-by-environment interaction in a GLMM\n\nRisks: too few large species on roofs to estimate the interaction.\n",
  ],
  [
    'Thesis/Roof site list 2026.md',
    '---\ntags: [fieldwork, sites]\n---\n| code | building | floors | area m² | caretaker |\n|---|---|---|---|---|\n| R01 | Library annex | 3 | 850 | Mr Brandt, ext. 4410 |\n| R02 | Harbour offices | 6 | 1200 | Ms Kowalski |\n| R07 | Bus depot | 1 | 2300 | night shift only |\n| R13 | Hospital car park | 4 | 600 | facilities desk |\n| R19 | Old brewery | 5 | 400 | Mr Yilmaz |\n\nFull list of 24 in the spreadsheet.\n',
  ],
  [
    'Thesis/Honeybee hive density on study roofs.md',
    "---\ntags: [fieldwork, bees/competition]\n---\nCounted hives within 500 m of each roof from the city beekeepers' register and from walking around: 0 to 31 hives. Add it as a covariate in chapter 2? Ingrid says yes, as a sensitivity check.\n",
  ],
  [
    'People/Prof. Ingrid Halvorsen.md',
    '---\naliases: [Ingrid, IH]\ntags: [person, supervisor]\n---\nMain supervisor. Community ecology, Norwegian, at the institute since 2012.\n\n- prefers a one-page summary before any meeting, sent the day before\n- reads drafts on paper, comments in red; allow two weeks\n- office hours: Thursdays 14–16, room 3.114\n',
  ],
  [
    'People/Dr. Kenji Watanabe.md',
    '---\naliases: [Kenji, 渡辺健二]\ntags: [person, supervisor]\n---\nCo-supervisor, molecular lab. Runs the barcoding plates for me ([[DNA barcoding workflow]]).\nEmail: k.watanabe@ (institute address). In Kyoto until March 2027, Zoom on Tuesdays at 9:00 our time.\n',
  ],
  [
    'People/Léa Moreau.md',
    '---\naliases: [Léa]\ntags: [person, colleague]\n---\nPostdoc in the lab, from Montpellier. Works on floral traits and seed mixes for roofs. Invited me to the [[Séminaire à Montpellier]]. Shares the office; good for R questions.\n',
  ],
  [
    'People/Tomás Herrera.md',
    '---\naliases: [Tomás, Tomas]\ntags: [person, collaborator]\n---\nPhD student at the Estación Biológica de Doñana. Sand-nesting bees and moths. Hosted my visit ([[Muestreo en Doñana]]). Possible joint paper on soil temperature and nesting.\n',
  ],
  [
    'People/Sanne de Vries.md',
    '---\naliases: [Sanne]\ntags: [person, taxonomist]\n---\nBee taxonomist at the natural history museum in Leiden. Checks my difficult Lasioglossum and Andrena. Pays in chocolate. Also gave me the trick of [[202610151000 Write the figure captions first]].\n',
  ],
  [
    'Meetings/2026-10-06 supervisor meeting.md',
    '---\ntags: [meeting, supervision]\ndate: 2026-10-06\n---\nWith [[Prof. Ingrid Halvorsen]].\n\n- pilot results: fine, but the sample of six roofs is too small for connectivity → wait for the 2026 data\n- she wants the honeybee hive counts as a covariate\n- next: send the chapter 2 outline by 20 Oct\n\nAction items:\n- [x] hive counts ([[Honeybee hive density on study roofs]])\n- [ ] outline of chapter 2\n',
  ],
  [
    'Meetings/2026-11-03 supervisor meeting.md',
    '---\ntags: [meeting, supervision]\ndate: 2026-11-03\n---\nWith [[Prof. Ingrid Halvorsen]] and [[Dr. Kenji Watanabe]] (Zoom).\n\n- Chapter 2 draft: the introduction "undersells the port city angle"; Ingrid wants wind and salt in the first paragraph\n- results need the effect sizes per floor, not only p-values\n- Kenji: 12 of the 96 plates failed, rerun in December\n- agreed: final version of chapter 2 by 20 November\n\n- [x] rewrite the intro\n- [x] effect sizes\n',
  ],
  [
    'Meetings/2026-11-17 lab meeting.md',
    '---\ntags: [meeting, lab]\ndate: 2026-11-17\n---\nLab meeting, journal club on [[@Hall2017 The city as a refuge for insect pollinators]].\n\nLéa presented seed mixes; argument about whether sedum roofs count as green roofs at all. Tomás joined on Zoom. Next time: my turn, 1 December — the heat data.\n',
  ],
  [
    'Meetings/2026-11-24 committee meeting.md',
    '---\ntags: [meeting, committee]\ndate: 2026-11-24\n---\nAnnual thesis committee (Ingrid, Kenji, external member Prof. Baumann).\n\n- progress rated "on track"\n- Baumann: chapter 4 (heat) risks overlapping with the Vienna group; talk to them\n- extension of the contract: apply by 31 January\n',
  ],
  [
    'Deutsch/Genehmigung Naturschutzgebiet Kiebitzmoor.md',
    '---\ntags: [admin, fieldwork, lang/de]\naliases: [NSG-Genehmigung]\n---\n# Genehmigung Naturschutzgebiet Kiebitzmoor\n\nFür die Vergleichsflächen am Boden brauche ich eine Ausnahmegenehmigung der Unteren Naturschutzbehörde.\n\n## Antrag\n- formlos per E-Mail, mit Karte, Methoden und Zeitplan\n- Fangmethode nennen: Farbschalen, max. 4 Sätze pro Fläche\n- Bearbeitungszeit: ca. sechs Wochen\n\n## Auflagen\nNicht vor dem 15. Juli in die Wiesen (Bodenbrüter), Belege an das Landesmuseum melden.\n\nStatus:: genehmigt am 2026-04-02\n',
  ],
  [
    'Deutsch/DFG Sachbeihilfe — Notizen.md',
    '---\ntags: [admin, funding, lang/de]\n---\n# DFG Sachbeihilfe — Notizen\n\nIngrid will nach der Promotion einen Antrag für ein Folgeprojekt stellen; ich soll die Vorarbeiten schreiben.\n\n## Aufbau\n1. Stand der Forschung und eigene Vorarbeiten (max. 8 Seiten mit Teil 2)\n2. Ziele und Arbeitsprogramm\n3. Literaturverzeichnis, nicht mitgezählt\n\n## Kosten\nEine Doktorandenstelle (65 %), Sachmittel für Sequenzierung, Reisekosten zu den Dächern.\n',
  ],
  [
    'Deutsch/GfÖ Jahrestagung 2026.md',
    '---\ntags: [conference, lang/de]\n---\n# GfÖ Jahrestagung 2026\n\nGesellschaft für Ökologie, September 2026 in Würzburg. Mein Vortrag: Session "Urbane Ökologie", Donnerstag 11:20, 12 Minuten + 3 Fragen.\n\n- Abstract: [[Abstract for GfÖ — final]]\n- Hotel: zwei Nächte, Rechnung für die [[Travel reimbursement]] aufheben\n- Gespräch mit der Wiener Gruppe über Hitze auf Dächern 🔥\n',
  ],
  [
    'Français/Séminaire à Montpellier.md',
    "---\ntags: [conference, lang/fr]\n---\n# Séminaire à Montpellier\n\nInvitée par [[Léa Moreau]] au CEFE, octobre 2026. Exposé de 40 minutes sur les toits verts.\n\n## Questions du public\n- pourquoi pas des ruches sur les toits ? → la compétition avec les abeilles sauvages\n- les toits méditerranéens sont encore plus chauds : intérêt pour mon chapitre sur la chaleur\n\n## À faire\nEnvoyer les diapositives à l'équipe de Léa. Rembourser le train.\n",
  ],
  [
    'Français/Notes de lecture — écologie du paysage.md',
    "---\ntags: [literature, landscape, lang/fr]\n---\n# Notes de lecture — écologie du paysage\n\nManuel de Burel & Baudry, chapitres 3 à 5.\n\nLa connectivité d'un paysage n'est pas seulement une distance : elle dépend de la matrice entre les taches d'habitat. Une abeille traverse une rue mais évite peut-être une autoroute. Idée pour le chapitre 3 : une distance de coût plutôt qu'un simple tampon.\n",
  ],
  [
    '日本語/ハナバチの巣作り.md',
    '---\ntags: [zettel, bees/nesting, lang/ja]\n---\n# ハナバチの巣作り\n\n日本の単独性ハナバチも多くは地中に巣を作る。裸地と日当たりが大事。竹筒のビーホテルに来るのは一部の種だけ（マメコバチなど）。\n\n渡辺先生の話：京都の屋上緑化でも同じ傾向。\n',
  ],
  [
    '日本語/京都出張メモ.md',
    '---\ntags: [travel, lang/ja]\n---\n# 京都出張メモ\n\n2027年2月、渡辺先生の研究室を訪問予定。DNAバーコーディングの再実験と、屋上緑化の現地見学。\n宿泊は大学の近く。ビザは不要（90日以内）。\n',
  ],
  [
    'Writing/Abstract for GfÖ — draft.md',
    '---\ntags: [writing, conference, draft]\n---\nGreen roofs and wild bees in a port city\n\nGreen roofs may offer habitat for bees in cities. We sampled bees on green roofs with pan traps. We found many species. Roof area was important. We discuss implications for planning.\n\n(too vague — Ingrid: "say what you found, with numbers")\n',
  ],
  [
    'Writing/Abstract for GfÖ — final.md',
    "---\ntags: [writing, conference, final]\n---\nWild bees on the roofs of a windy port city\n\nGreen roofs are promoted as habitat for pollinators, but roofs in coastal cities face wind, salt and heat. On 24 roofs we caught 3,812 bees of 96 species with pan traps and transect walks. Rarefied richness rose by 18% per doubling of roof area and fell by 9% per floor. Ground-nesting species depended on substrate depth. Roofs can hold a subset of the city's bees if planners give them deep substrate and bare ground.\n",
  ],
  [
    'Writing/Response to reviewers — Oecologia.md',
    '---\ntags: [writing, paper]\n---\n# Response to reviewers — Oecologia\n\nPaper: the pilot study (six roofs), decision "major revision", due 15 January.\n\n## Reviewer 1\n> The sampling period is short.\nWe agree; we now state it as a limitation and add the 2026 data as a check.\n\n## Reviewer 2\n> Results rely entirely on p-values.\nWe now report effect sizes with 95% intervals ([[202610121630 Report effect sizes not only p-values]]).\n> Pan traps are biased toward small bees.\nAdded a paragraph and the comparison with netting ([[202610101000 Pan traps versus hand netting]]).\n',
  ],
  [
    'Teaching/BIO204 practical — week 3 quadrats.md',
    '---\ntags: [teaching, bio204]\n---\n# BIO204 practical — week 3 quadrats\n\n90 second-year students in groups of four, on the lawn behind the biology building.\n\n## Plan\n1. 10 min intro: why random placement (throw a tennis ball backwards)\n2. 40 min: ten 1 m² quadrats per group, percentage cover by species\n3. 30 min: enter data in the shared sheet, compare mown and unmown halves\n\n## What went wrong last year\nNot enough field guides; bring 25. Rain plan: indoor exercise with photos of quadrats.\n',
  ],
  [
    'Teaching/BIO204 practical — week 5 pollinator observation.md',
    '---\ntags: [teaching, bio204]\n---\n# BIO204 practical — week 5 pollinator observation\n\nStudents watch a flower patch for 10 minutes and note every visitor: bee, hoverfly, butterfly, other. No catching, photos only.\n\nDiscussion question: why do hoverflies get mistaken for bees? (Batesian mimicry)\n',
  ],
  [
    'Teaching/Grading rubric for lab reports.md',
    '---\ntags: [teaching, bio204, grading]\n---\n# Grading rubric for lab reports\n\n| part | points | full marks when |\n|---|---|---|\n| question and hypothesis | 10 | testable, stated before the methods |\n| methods | 20 | someone could repeat it |\n| results | 30 | figures with captions, no interpretation |\n| discussion | 30 | answers the question, states limitations |\n| references | 10 | consistent style |\n\nLate submission: −10% per day, none after five days.\n',
  ],
  [
    'Teaching/Office hours log.md',
    '---\ntags: [teaching]\n---\n- 2026-10-14: three students asked how to compute Shannon diversity in the spreadsheet\n- 2026-10-21: one asked for an extension (illness), granted 3 days\n- 2026-11-04: questions on the rubric\'s "no interpretation in results"\n',
  ],
  [
    'Admin/Travel reimbursement.md',
    '---\ntags: [admin, money]\naliases: [expense claims, Reisekostenabrechnung]\n---\n# Travel reimbursement\n\n- claim within 6 months of the trip, on the travel portal\n- original receipts scanned; train tickets need the booking confirmation\n- per diem abroad: from the federal table, reduced when breakfast is included\n- the institute pays conference fees in advance if asked 4 weeks before\n\nOpen claims: Montpellier (train), Würzburg (hotel).\n',
  ],
  [
    'Admin/Conference budget 2026.md',
    '---\ntags: [admin, money]\n---\nBudget from the graduate school: 1,500 € per year.\n\n- GfÖ Würzburg: 520 € (fee 180, hotel 220, train 120)\n- Montpellier: 310 € (train), paid by the CEFE? ask Léa\n- left: 670 €\n',
  ],
  [
    'Admin/Lab safety induction.md',
    '---\ntags: [admin, lab, safety]\n---\nDone on 2026-09-08. Ethanol stored in the flammables cabinet only, max 1 l at the bench. Lab coat and glasses at the PCR bench. Waste: ethanol with insects goes in the halogen-free solvent can. First aid kit by the door of room 2.020.\n',
  ],
  [
    'Templates/Literature note template.md',
    '---\naliases: []\ntags: [literature]\n---\nstatus:: to-read\nyear::\njournal::\n\n## Claim\n\n## Method\n\n## My take\n',
  ],
  ['Templates/Meeting template.md', '---\ntags: [meeting]\ndate: {{date}}\n---\nWith:\n\n-\n\nAction items:\n- [ ]\n'],
  ['Templates/Daily note template.md', '# {{date:YYYY-MM-DD}}\n\n## Plan\n\n## Done\n\n## Energy (1–5)\n'],
  [
    'Attachments/Field photos 2026.md',
    '![[IMG_2041.jpg]]\n![[IMG_2042.jpg]]\n![[IMG_2107.jpg]]\n![[roof R07 panorama.jpg]]\n![[pan traps after the storm.jpg]]\n',
  ],
  [
    'Personal/Running log 🏃.md',
    '---\ntags: [area/health, running]\n---\nGoal: half marathon in April 2027.\n\n| date | km | note |\n|---|---|---|\n| 2026-11-01 | 8 | easy |\n| 2026-11-08 | 14 | calf tight from 11 km |\n| 2026-11-15 | 10 | intervals 6 × 800 m |\n| 2026-11-22 | 16 | longest so far |\n',
  ],
  [
    'Personal/Sleep and energy.md',
    '---\ntags: [area/health]\n---\nWriting days go better after 7+ hours. No coffee after 14:00. The weeks of field season: up at 5:30, crash by Thursday; plan the lab days for Fridays.\n',
  ],
  [
    'Personal/Reading for fun.md',
    '---\ntags: [area/leisure, books]\n---\n- [x] *Braiding Sweetgrass* — Robin Wall Kimmerer\n- [ ] *The Overstory* — Richard Powers\n- [ ] *Der Schwarm* — Frank Schätzing, in German for practice\n',
  ],
  [
    'Personal/Flat — heating and rent.md',
    "---\ntags: [area/home, money]\n---\nRent 740 € warm, paid on the 1st. The radiator in the bedroom needs bleeding every autumn (key in the kitchen drawer). Landlord: Mrs Ohlsen, call don't email.\n",
  ],
  [
    'Ideas/Bee hotel citizen science.md',
    "---\ntags: [idea, outreach]\n---\nA side project: schools build bee hotels and photograph who moves in. Cheap, good outreach, data on cavity nesters (which my pan traps miss). Needs a simple upload form. Ask the museum's education team.\n",
  ],
  [
    'Ideas/Moth light traps on roofs.md',
    '---\ntags: [idea, fieldwork]\n---\nFollow-up of [[202610180930 Night-flying pollinators are overlooked]]: two LED light traps, one night a month, on R01 and R19. Cost about 400 €. Permit? Probably not needed on private roofs.\n',
  ],
  [
    'Inbox.md',
    "- look up the iButton battery life before next season\n- Baumann's paper on Vienna roofs?\n- #todo renew the library card\n- idea: plot richness against floor as a slope chart\n",
  ],
  ['Journal/2026-10-01.md', 'Wed 🌧️ Field season officially over. Washed 96 bowls. Stored the last vials in the cold room, shelf C.\n'],
  ['Journal/2026-10-09.md', 'Thu ☀️ Sorted bees from R02 all day. Found a *Colletes* I have never seen on a roof. Photographed for Sanne.\n'],
  ['Journal/2026-10-16.md', 'Thu. Keyed 60 Lasioglossum, gave up on 8. Back hurts from the microscope: raise the chair. ^microscope\n'],
  ['Journal/2026-10-27.md', 'Tue 😩 R kept crashing on the big model; moved it to the cluster, ran overnight. Memory: ask for 16G, not 4G.\n'],
  ['Journal/2026-11-05.md', 'Thu. Rewrote the intro of chapter 2 with the wind and salt angle. Much better. 🎉\n'],
  ['Journal/2026-11-12.md', 'Thu. Taught the quadrat practical in the rain; the indoor photo plan saved it. Two groups mixed up clover and medick.\n'],
  ['Journal/2026-11-20.md', 'Fri. Sent chapter 2 to Ingrid! Celebrated with the lab at the pub. 🍻\n'],
  ['Journal/2026-11-26.md', 'Thu. Kenji says the December plate rerun is booked. Started the slides for the lab meeting on heat.\n'],
];

/** Questions on the research vault, as a person or an agent asks them (not the notes' own sentences); a few in German, French, Spanish and Japanese. */
export const researchVaultQuestions: readonly Question[] = [
  { query: 'the note where I compared bowl traps with catching bees by net', answers: ['Zettel/202610101000 Pan traps versus hand netting.md'] },
  { query: 'which sampling method misses bumblebees', answers: ['Zettel/202610101000 Pan traps versus hand netting.md'] },
  { query: 'how long do the traps stay out before I collect them', answers: ['Methods/Pan trap protocol.md'] },
  { query: 'what colours should the bowls be painted', answers: ['Methods/Pan trap protocol.md'] },
  { query: 'the latest version of my second chapter', answers: ['Thesis/Chapter 2 final.md'] },
  { query: 'what did my supervisor think of the introduction of chapter two', answers: ['Meetings/2026-11-03 supervisor meeting.md'] },
  { query: 'how do I submit a batch job on the HPC', answers: ['Tools/Cluster jobs with SLURM.md'] },
  { query: "my GLMM won't converge, what can I try", answers: ['Stats/Mixed models in R.md'] },
  { query: 'too many zeros in my count data', answers: ['Stats/Zero-inflated counts.md'] },
  { query: 'comparing the number of species between sites with different sample sizes', answers: ['Stats/Rarefaction and species richness.md'] },
  { query: 'do nearby roofs have similar bees just because they are close together', answers: ['Stats/Spatial autocorrelation check.md'] },
  {
    query: 'how far can small solitary bees fly from their nest',
    answers: ['Zettel/202610020900 Body size predicts foraging range.md', 'Literature/@Zurbuchen2010 Maximum foraging ranges in solitary bees.md'],
  },
  {
    query: 'do rooftop beehives harm wild bees?',
    answers: ['Zettel/202609151112 Honeybees compete with wild bees in cities.md', 'Literature/@Hall2017 The city as a refuge for insect pollinators.md'],
  },
  { query: 'why are thin sedum roofs bad for bees in summer', answers: ['Zettel/202610221100 Sedum roofs are too hot in July.md'] },
  {
    query: 'which papers am I in the middle of reading',
    answers: [
      'Literature/@Braaker2014 Habitat connectivity shapes urban arthropod communities.md',
      'Literature/@Tonietto2011 Comparison of bee communities on green roofs.md',
    ],
  },
  {
    query: 'papers still on my to-read list',
    answers: ['Literature/@Kratschmer2018 Green roof flower strips.md', 'Literature/@Wood2015 Managing pan trap bias.md'],
  },
  { query: 'who double-checks the specimens I cannot identify', answers: ['People/Sanne de Vries.md'] },
  { query: "when are Ingrid's office hours", answers: ['People/Prof. Ingrid Halvorsen.md'] },
  { query: 'who hosted my visit in Spain', answers: ['People/Tomás Herrera.md', 'Methods/Muestreo en Doñana.md'] },
  { query: 'how do I pin very small bees', answers: ['Methods/Pinning and labelling specimens.md'] },
  { query: 'which primers for the barcoding PCR', answers: ['Methods/DNA barcoding workflow.md'] },
  { query: 'can I go sampling when it is windy', answers: ['Methods/Weather rules for sampling days.md', 'Methods/Transect walks on roofs.md'] },
  { query: 'which roofs need a harness', answers: ['Methods/Roof access and safety.md'] },
  { query: 'phone extension of the caretaker at the library annex', answers: ['Thesis/Roof site list 2026.md'] },
  { query: 'how do I get my train tickets refunded', answers: ['Admin/Travel reimbursement.md'] },
  { query: 'how much of my conference money is left this year', answers: ['Admin/Conference budget 2026.md'] },
  { query: 'where does ethanol with insects in it go as waste', answers: ['Admin/Lab safety induction.md'] },
  { query: "marking scheme for the students' reports", answers: ['Teaching/Grading rubric for lab reports.md'] },
  { query: 'the practical with square frames on the lawn', answers: ['Teaching/BIO204 practical — week 3 quadrats.md'] },
  { query: 'hoverflies that look like bees', answers: ['Teaching/BIO204 practical — week 5 pollinator observation.md'] },
  { query: 'the abstract I sent to the ecology society meeting in Würzburg', answers: ['Writing/Abstract for GfÖ — final.md'] },
  { query: 'what did the second reviewer complain about', answers: ['Writing/Response to reviewers — Oecologia.md'] },
  { query: 'a tip for drafting the results section', answers: ['Zettel/202610151000 Write the figure captions first.md'] },
  { query: 'tag:area/health sleep', answers: ['Personal/Sleep and energy.md'] },
  { query: 'how is my half marathon training going', answers: ['Personal/Running log 🏃.md'] },
  { query: 'when did I send chapter 2 to Ingrid', answers: ['Journal/2026-11-20.md', 'Thesis/Chapter 2 final.md'] },
  { query: 'the day R crashed and I moved the model to the cluster', answers: ['Journal/2026-10-27.md'] },
  { query: 'what did the thesis committee decide', answers: ['Meetings/2026-11-24 committee meeting.md'] },
  { query: 'deadline to ask for my contract to be extended', answers: ['Meetings/2026-11-24 committee meeting.md'] },
  { query: 'Wann darf ich im Naturschutzgebiet in die Wiesen?', answers: ['Deutsch/Genehmigung Naturschutzgebiet Kiebitzmoor.md'] },
  { query: 'Wie ist ein DFG-Antrag aufgebaut', answers: ['Deutsch/DFG Sachbeihilfe — Notizen.md'] },
  { query: "quelles questions m'a-t-on posées après mon exposé à Montpellier", answers: ['Français/Séminaire à Montpellier.md'] },
  { query: 'connectivité du paysage et distance de coût', answers: ['Français/Notes de lecture — écologie du paysage.md'] },
  { query: '¿cuánto tiempo dejan los platos en Doñana?', answers: ['Methods/Muestreo en Doñana.md'] },
  { query: 'ハナバチはどこに巣を作る', answers: ['日本語/ハナバチの巣作り.md', 'Zettel/202609141030 Wild bees need bare ground to nest.md'] },
  { query: '京都 訪問', answers: ['日本語/京都出張メモ.md'] },
  { query: 'when can I reach Kenji on a video call', answers: ['People/Dr. Kenji Watanabe.md'] },
  { query: 'the overview note of my PhD', answers: ['00 Index/Thesis — project index.md'] },
  { query: 'map of my notes on pollinators', answers: ['00 Index/MOC Pollination.md'] },
  { query: 'evidence that wild insects matter more than honeybees for crops', answers: ['Literature/@Garibaldi2013 Wild pollinators enhance fruit set.md'] },
  { query: 'the Zürich green roof study', answers: ['Literature/@Braaker2014 Habitat connectivity shapes urban arthropod communities.md'] },
  { query: 'school project where kids build nesting boxes for bees', answers: ['Ideas/Bee hotel citizen science.md'] },
  { query: 'how to bleed the radiator in my flat', answers: ['Personal/Flat — heating and rent.md'] },
  { query: 'template for a new paper note', answers: ['Templates/Literature note template.md'] },
  { query: 'pictures from the field season', answers: ['Attachments/Field photos 2026.md'] },
  { query: 'why do small bees avoid isolated roofs but bumblebees do not', answers: ['Zettel/202610071200 Isolation effect is weaker for strong fliers.md'] },
  { query: 'is a mix of flower species better than lots of one flower', answers: ['Zettel/202609201545 Floral diversity beats floral abundance.md'] },
  { query: 'plan and risks for the connectivity chapter', answers: ['Thesis/Chapter 3 plan — roof connectivity.md'] },
  {
    query: 'should the number of hives nearby go into the model as a covariate',
    answers: ['Thesis/Honeybee hive density on study roofs.md', 'Meetings/2026-10-06 supervisor meeting.md'],
  },
  {
    query: 'moths visiting flowers on roofs at night',
    answers: ['Zettel/202610180930 Night-flying pollinators are overlooked.md', 'Ideas/Moth light traps on roofs.md'],
  },
];
