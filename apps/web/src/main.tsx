// The app's page (index.html). What it imports first configures zod before any schema is built.
import { startApp } from './app/start';
import './styles.css';

await startApp();
