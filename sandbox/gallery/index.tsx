/** The gallery's index: every scenario, by family, with a link per theme. */
import { createRoot } from "react-dom/client"
import { scenarioPath, scenarios } from "./scenarios/index"
import "./gallery.css"

const families = [...new Set(scenarios.map((scenario) => scenario.family))]

const Index = () => (
  <>
    <h1>Airlock gallery</h1>
    <p className="caption">
      Every view of the modal in each of its states, on mock layers (no chain, no wallet, no network). Resize
      the window for 360, 768 and 1280 px; <code>npm run gallery:shots</code> writes them all as PNGs.
    </p>
    {families.map((name) => (
      <section key={name}>
        <h2 className="family">{name}</h2>
        <ul className="scenarios">
          {scenarios
            .filter((scenario) => scenario.family === name)
            .map((scenario) => (
              <li key={scenario.state} data-view={scenario.family} data-state={scenario.state}>
                <strong>{scenario.state}</strong>: {scenario.title}
                <a href={scenarioPath(scenario, "light")}>light</a>
                <a href={scenarioPath(scenario, "dark")}>dark</a>
              </li>
            ))}
        </ul>
      </section>
    ))}
  </>
)

const root = document.getElementById("index")
if (root !== null) createRoot(root).render(<Index />)
