// ESLint for the repository's JavaScript: the web game's modules (browser), and the Node scripts
// and tests (the page's unit tests, the conformance checker, the TypeScript generator).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["**/node_modules/", ".venv/", "docs/_build/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["src/raise_the_sum/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["js-tests/**/*.js", "eslint.config.js", "conformance/js/**/*.mjs", "typescript/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
