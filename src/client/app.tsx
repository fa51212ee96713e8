// Placeholder shell until the client issue lands: shows the Not-found page for unknown paths.
export function App() {
  return (
    <main>
      <h1>Harbourside Body & Paint</h1>
    </main>
  );
}
