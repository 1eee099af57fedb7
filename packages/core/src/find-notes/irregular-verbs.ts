/**
 * English verbs whose other forms share no stem with them, each line a verb's forms: a daily note says
 * what was done ("Sent the draft to Ingrid", "Met Tom") while a question asks in the present ("when did
 * I send the draft", "who did I meet"). Left out: the light verbs that say little of a subject (`make`,
 * `get`, `go`, `come`, `take`, `give`, `know`, `think`: `made` found `make` files in software notes),
 * forms that are common words of their own (`left`, `felt`, `found`, `saw`, `spoke`, `bit`, `lead`,
 * `shot`, `ground`; `built`, mostly `built-in`), the same word in every tense (`read`, `put`, `set`),
 * and the verbs among the stop words (`say`, `do`, `mean`, `tell`).
 */
const verbs = [
  'become became',
  'begin began begun',
  'break broke broken',
  'bring brought',
  'buy bought',
  'catch caught',
  'choose chose chosen',
  'deal dealt',
  'dig dug',
  'draw drew drawn',
  'drink drank drunk',
  'drive drove driven',
  'eat ate eaten',
  'fight fought',
  'fly flew flown',
  'forget forgot forgotten',
  'grow grew grown',
  'hang hung',
  'hear heard',
  'hide hid hidden',
  'hold held',
  'keep kept',
  'lend lent',
  'lose lost',
  'meet met',
  'pay paid',
  'ride rode ridden',
  'run ran',
  'seek sought',
  'sell sold',
  'send sent',
  'shake shook shaken',
  'sing sang sung',
  'sit sat',
  'sleep slept',
  'spend spent',
  'stand stood',
  'steal stole stolen',
  'stick stuck',
  'strike struck',
  'swim swam swum',
  'teach taught',
  'tear tore torn',
  'throw threw thrown',
  'understand understood',
  'wake woke woken',
  'wear wore worn',
  'write wrote written',
];

const formsOf = new Map(verbs.flatMap((line) => line.split(' ').map((form, _, forms) => [form, forms.filter((other) => other !== form)] as const)));

/** The other forms of an irregular English verb (`sent` gives `send`), none for any other word. */
export function irregularForms(word: string): readonly string[] {
  return formsOf.get(word) ?? [];
}
