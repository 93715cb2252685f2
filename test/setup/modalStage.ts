/**
 * The modal's interface is a chunk of its own (`connectStage.ts`) that a page fetches when it goes idle,
 * long before a visitor opens the modal. A test opens the modal at once, and a cold module transform can
 * take longer than the test's first render: evaluate the chunk up front, so the modal's own `import()`
 * finds it loaded. `test/react/modalStage.test.ts` tests the loading itself.
 */
import "../../src/react/modal/element/connectStage"
