/**
 * The modal's code past its handle (`modalEngine.ts`) follows the page's first paint; a test builds its
 * modal at once, as a page does once that code is here (`test/createModal.pending.test.ts` tests the
 * handle before it).
 *
 * The modal's interface is a chunk of its own (`connectStage.ts`) that a page fetches when it goes idle,
 * long before a visitor opens the modal. A test opens the modal at once, and a cold module transform can
 * take longer than the test's first render: evaluate the chunk up front, so the modal's own `import()`
 * finds it loaded. `test/react/modalStage.test.ts` tests the loading itself.
 */
import { preloadModal } from "../../src/createModal"
import "../../src/react/modal/element/connectStage"

await preloadModal()
