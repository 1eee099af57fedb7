/** The vault the search command's tests run on: either case of a word, a word inside others, a regex taken literally, a file of another extension. */
export const searchSeed = {
  'notes/todo.md': 'TODO: call Ada\ntodo: water the plants\nmastodon toots\n',
  'notes/warnings/c4996.md': 'warning C4996: strcpy may be unsafe\n',
  'projects/plan.md': 'the plan: a.*b, taken literally\nabout bananas\n',
  'data.json': '{"todo": 1}\n',
};
