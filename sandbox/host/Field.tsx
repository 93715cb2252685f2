/** One labelled value of a demo page, with the test id the browser tests read. */
export function Field({ label, testId, value }: { label: string; testId: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
}
