import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

createRoot(container).render(<AppProviders store={makeStore()} router={createAppRouter()} />);
