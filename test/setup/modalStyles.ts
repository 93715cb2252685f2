/**
 * The modal's stylesheet is a chunk of its own that a page fetches as the modal mounts, long before a
 * visitor opens it. A test opens the modal at once, and a cold module transform can take longer than
 * the test's first render: evaluate the chunk up front, so the modal's own `import()` finds it loaded.
 * `test/react/modalStyles.test.ts` tests the loading itself.
 */
import "../../src/react/modal/element/styles"
