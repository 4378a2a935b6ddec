// The guided first hand: what the guide says, the rules it cites (with their titles), and its
// last words, which stay until the player dismisses them.

const $ = (id) => document.getElementById(id);

/** The end of the guided hand, said after its last lesson. */
export const FINALE = "That’s the guided first hand. Play on in this match, or take a fresh start for a new one.";

/** The rule ids a text cites ("rule R4.4", "rules R3.7 and R4.8"), each once, in order. */
export function citedRules(text) {
  const ids = [];
  for (const match of String(text).matchAll(/\bR\d{1,3}\.\d{1,3}\b/g)) {
    if (!ids.includes(match[0])) ids.push(match[0]);
  }
  return ids;
}

/**
 * What the lesson box shows, from the server's lesson now and what the page remembers:
 * {text, rules, done, dismissable} or null (hidden). ``memory`` is {last, dismissed}.
 */
export function lessonModel(lesson, memory, tutorial) {
  if (lesson && lesson.text) return { text: lesson.text, rules: citedRules(lesson.text), done: false };
  if (!tutorial || !memory.last || memory.dismissed) return null;
  const text = `${memory.last} ${FINALE}`;
  return { text, rules: citedRules(memory.last), done: true };
}

let titles = null;
let asked = null;

/** The rulebook's titles by id (rules.json, made from raise_the_sum.rulebook), loaded once. */
function ruleTitles() {
  if (!asked) {
    asked = fetch("/static/rules.json")
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}))
      .then((found) => {
        titles = found;
        return found;
      });
  }
  return asked;
}

function drawRules(list, ids) {
  list.replaceChildren();
  for (const id of ids) {
    const li = document.createElement("li");
    const code = document.createElement("strong");
    code.textContent = id;
    li.append(code, ` ${titles && titles[id] ? titles[id] : ""}`);
    list.append(li);
  }
  list.hidden = ids.length === 0;
}

/** Show the lesson (or hide the box); the dismiss button only on the last words. */
export function renderLesson(model) {
  const box = $("lesson");
  if (!model) {
    box.hidden = true;
    return;
  }
  const text = $("lesson-text");
  if (text.textContent !== model.text) text.textContent = model.text;
  box.classList.toggle("done", model.done);
  $("lesson-dismiss").hidden = !model.done;
  box.hidden = false;
  const list = $("lesson-rules");
  if (list.dataset.ids !== model.rules.join(" ")) {
    list.dataset.ids = model.rules.join(" ");
    drawRules(list, model.rules);
    if (!titles && model.rules.length) ruleTitles().then(() => drawRules(list, model.rules));
  }
}
