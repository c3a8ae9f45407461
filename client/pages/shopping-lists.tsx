import { ListsPage } from '../components/lists/lists-page';
import type { Route } from '../routes/+types/shopping-lists';

export default function ShoppingListsScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <ListsPage lists={loaderData} result={actionData} />;
}
