// ESLint for the web game's JavaScript: the page's modules (browser) and their unit tests (Node).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "docs/_build/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["src/raise_the_sum/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["js-tests/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
